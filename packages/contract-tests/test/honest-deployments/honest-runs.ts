// The contract tester against honest deployments, writes allowed: an honest deployment conforms to the source
// documentation, so the tester must exit 0 with no failed check. A failure here is either a false alarm of the
// tester or a real violation of the variant; JUDGEMENT.md records which, failure by failure, and a false alarm the
// tester still raises is listed here, so that the suite stays green without hiding any other failure. The throttled
// variants wait minutes by design: they run in `pnpm bench` (bench/honest.bench-run.ts). Each run's traffic is
// recorded as a HAR on the way, and `judge` must find the file conforming too.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/index.js';
import { runAndJudge } from '../recorded/run-and-judge.js';
import { type HonestDeployment, runOptionsFor, startHonestDeployment } from './server.js';
import { VARIANTS, type VariantName } from './variants.js';

/**
 * What a failed run says, keys replaced (the result should carry none; this makes sure nothing prints one). The notes
 * say why the cleanup left a record, when it did.
 */
export function failureReport(result: RunResult, deployment: HonestDeployment): string {
  const lines: string[] = [`exit code ${result.exitCode}`];
  for (const reason of result.incomplete) lines.push(`incomplete: ${reason}`);
  for (const api of result.apis) {
    if (api.configError) lines.push(`[${api.api}] configuration: ${api.configError}`);
    for (const leftover of api.leftovers) lines.push(`[${api.api}] left over: ${leftover}`);
    for (const note of api.notes) lines.push(`[${api.api}] note: ${note}`);
    for (const check of api.checks) {
      if (check.status !== 'fail') continue;
      lines.push(`[${api.api}] ${check.check}: ${check.reason ?? ''}`);
      for (const failed of check.cases.filter((entry) => entry.status === 'fail').slice(0, 5)) {
        lines.push(`    ${JSON.stringify(failed).slice(0, 1500)}`);
      }
    }
  }
  let text = lines.join('\n');
  const secrets = [deployment.analyticsKey, deployment.marketplaceKey, deployment.emptyMarketplaceKey];
  for (const secret of secrets) text = text.split(secret).join('<redacted key>');
  return text;
}

/** A failure of the current tester that JUDGEMENT.md judges a false alarm on an honest variant. */
export interface KnownFalseAlarm {
  api: 'analytics' | 'marketplace';
  check: string;
  /** The title of the failing case, as the live run and the HAR's judgement write it. */
  title: RegExp;
  /** Its reason in JUDGEMENT.md. */
  judgement: string;
}

/**
 * False alarms the tester raises today on honest variants (JUDGEMENT.md): such a run passes as long as these cases
 * are all it fails. They are tolerated, not required, since a run's timing may keep one from showing; an entry goes
 * once the tester no longer reports it. Exported, with `unexplained`, for the honest bench, which expects exit 0.
 */
export const KNOWN_FALSE_ALARMS: Partial<Record<VariantName, readonly KnownFalseAlarm[]>> = {};

/** The failed cases of a result that no known false alarm of the variant explains. */
export function unexplained(result: RunResult, known: readonly KnownFalseAlarm[]): string[] {
  return result.apis.flatMap((api) =>
    api.checks
      .filter((check) => check.status === 'fail')
      .flatMap((check) => {
        const cases = check.cases.filter((entry) => entry.status === 'fail');
        const explained = (title: string) =>
          known.some((alarm) => alarm.api === api.api && alarm.check === check.check && alarm.title.test(title));
        const left = cases.filter((entry) => !explained(entry.title)).map((entry) => entry.title);
        // A check that failed without a failed case is never explained.
        return cases.length === 0
          ? [`${api.api}:${check.check}`]
          : left.map((title) => `${api.api}:${check.check}: ${title}`);
      }),
  );
}

/**
 * One test per variant: the tester exits 0 on it and fails no check; on a variant with known false alarms, it fails
 * none but those.
 */
export function describeHonestRuns(title: string, names: readonly VariantName[]): void {
  // A tier may take none of a short list (tiers.ts): vitest fails a suite without a test.
  if (names.length === 0) return;
  describe(title, () => {
    for (const name of names) {
      // A throttled deployment runs at the tester's default pace, which its limit slows down; a slow one (a cold
      // function, a far region) waits its latency on each of a run's thousand requests, several at a time, which
      // took 300 s at a load average of 5 and over 400 s at 9.
      const { rateLimitPerSecond, latencyMs } = VARIANTS[name];
      const timeout = rateLimitPerSecond > 0 || latencyMs > 0 ? 1_200_000 : 400_000;
      const known = KNOWN_FALSE_ALARMS[name];
      const tolerated = known
        ? ` (known false alarm ${known.map((alarm) => alarm.judgement).join(', ')} tolerated)`
        : '';
      // Each variant runs on a server of its own; the runs mostly wait, so several run at once.
      it.concurrent(
        `finds no violation in the honest variant ${name}${tolerated}`,
        async () => {
          const deployment = await startHonestDeployment(name);
          const options = runOptionsFor(deployment);
          try {
            const { live: result, judged, har } = await runAndJudge({ ...options, log: () => {} });
            const directory = process.env.HONEST_DEPLOYMENTS_REPORT_DIR;
            if (directory) {
              const secrets = [deployment.analyticsKey, deployment.marketplaceKey, deployment.emptyMarketplaceKey];
              const safe = (text: string) =>
                secrets.reduce((all, secret) => all.split(secret).join('<redacted key>'), text);
              writeFileSync(join(directory, `${name}.json`), safe(JSON.stringify(result, null, 2)));
              writeFileSync(join(directory, `${name}.judged.json`), safe(JSON.stringify(judged, null, 2)));
              writeFileSync(join(directory, `${name}.har`), safe(har));
            }
            const report = failureReport(result, deployment);
            const judgedReport = `judged from the HAR: ${failureReport(judged, deployment)}`;
            // The variant and its failed cases' titles, not whole checks: the end of a CI log then says what failed.
            const failed = (run: RunResult) => ({ variant: name, failed: unexplained(run, known ?? []) });
            expect(failed(result), report).toEqual({ variant: name, failed: [] });
            expect(failed(judged), judgedReport).toEqual({ variant: name, failed: [] });
            // Exit 1 only for a known false alarm, never for anything else (an incomplete run, a leftover).
            const failing = (run: RunResult) => run.apis.some((api) => api.checks.some((c) => c.status === 'fail'));
            if (!failing(result)) expect(result.exitCode, report).toBe(0);
            if (!failing(judged)) expect(judged.exitCode, judgedReport).toBe(0);
          } finally {
            await deployment.close();
            if (options.ledgerFile) rmSync(options.ledgerFile, { force: true });
          }
        },
        timeout,
      );
    }
  });
}
