// A run whose traffic is recorded, then judged from the file alone: the
// tester is pointed at a recording proxy in front of each deployment
// (har-recorder.ts), and the HAR it leaves is judged with the same checks,
// with the deployment's keys given as a user gives them (the environment's
// names). The two results are then compared by the tests.
import type { JudgeResult } from '../../src/recorded/judge.js';
import { judgeChunks } from '../../src/recorded/judge.js';
import { type RunOptions, runContract } from '../../src/run/contract.js';
import type { RunResult } from '../../src/report/result.js';
import { startHarRecorder } from './har-recorder.js';

export interface RunAndJudge {
  live: RunResult;
  judged: JudgeResult;
  /** The HAR's text, real keys in it, as a proxy would export it. */
  har: string;
}

/**
 * The deployments these runs meet are in this process and always answer, so a request's timeout could only
 * measure how busy the machine is (under load, requests waited more than the default 10 s for the event loop the
 * deployment shares). It is set beyond any answer's time and below the tests' own hang guard, so a request that
 * truly hangs still fails as no-answer. A run that sets its own timeout keeps it.
 */
export const IN_PROCESS_TIMEOUT_MS = 300_000;

/** Runs the tester on `options`' deployments through a recorder, then judges what it recorded. */
export async function runAndJudge(options: RunOptions): Promise<RunAndJudge> {
  const { analytics, marketplace } = options;
  const upstreams = {
    ...(analytics ? { analytics: analytics.baseUrl } : {}),
    ...(marketplace ? { marketplace: marketplace.baseUrl } : {}),
  };
  const recorder = await startHarRecorder(upstreams);
  try {
    const live = await runContract({
      ...options,
      limits: { timeoutMs: IN_PROCESS_TIMEOUT_MS, ...options.limits },
      ...(analytics ? { analytics: { ...analytics, baseUrl: recorder.urls.analytics! } } : {}),
      ...(marketplace ? { marketplace: { ...marketplace, baseUrl: recorder.urls.marketplace! } } : {}),
    });
    const har = JSON.stringify(recorder.har());
    const transport = marketplace?.keyTransport;
    const keys = Object.fromEntries(
      Object.entries({
        ANALYTICS_API_KEY: analytics?.apiKey,
        MARKETPLACE_API_KEY: marketplace?.apiKey,
        MARKETPLACE_EMPTY_API_KEY: marketplace?.emptyApiKey,
        MARKETPLACE_PURCHASE_CODE: marketplace?.purchaseCode,
      }).filter(([, value]) => value !== undefined),
    );
    const judged = await judgeChunks([har], 'recorded.har', {
      ...(options.apis ? { apis: options.apis } : {}),
      ...(options.only ? { only: options.only } : {}),
      ...(options.baseline ? { baseline: options.baseline } : {}),
      strict: !!options.strict,
      keys,
      ...(typeof transport === 'object' ? { keyHeader: transport.header } : {}),
    });
    return { live, judged, har };
  } finally {
    await recorder.close();
  }
}

/** The status of a check in a result, for the first API that has it. */
export const statusOf = (result: RunResult, check: string) =>
  result.apis.flatMap((api) => api.checks).find((entry) => entry.check === check)?.status;
