// The answers that the generic conformance checks judge one by one: every
// read-only baseline exchange and every deliberately refused probe.
import { baseline } from '../baseline.js';
import type { Exchange } from '../http/transport.js';
import type { RunContext } from '../context.js';
import { readOnlyNegativeProbes } from '../negative-probes.js';
import { skip } from './evidence.js';
import type { CaseResult } from './types.js';

export type AnswerVerdict = (ctx: RunContext, title: string, exchange: Exchange) => CaseResult;

export async function judgeEveryAnswer(ctx: RunContext, verdict: AnswerVerdict): Promise<CaseResult[]> {
  const { entries, skipped } = await baseline(ctx);
  // Refusals are answers too: an HTML error page for a bad parameter is a deviation.
  const { probes } = await readOnlyNegativeProbes(ctx);
  const refusals = await Promise.all(probes.map((probe) => ctx.probe(probe.template)));
  return [
    ...entries.map((entry) => verdict(ctx, entry.label, entry.exchange)),
    ...refusals.map((exchange) => verdict(ctx, exchange.template.label, exchange)),
    ...skipped.map((entry) => skip(entry.operationId, entry.reason)),
  ];
}
