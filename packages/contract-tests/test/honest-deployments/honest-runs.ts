// The contract tester against honest deployments, writes allowed: an honest deployment conforms to the source
// documentation, so the tester must exit 0 with no failed check. A failure here is either a false alarm of the
// tester or a real violation of the variant; JUDGEMENT.md records which, failure by failure. The throttled
// variants wait minutes by design: they run in `pnpm bench` (bench/honest.bench-run.ts). Each run's traffic is
// recorded as a HAR on the way, and `judge` must find the file conforming too.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/index.js';
import { runAndJudge } from '../recorded/run-and-judge.js';
import { type HonestDeployment, runOptionsFor, startHonestDeployment } from './server.js';
import { VARIANTS, type VariantName } from './variants.js';

/** What a failed run says, keys replaced (the result should carry none; this makes sure nothing prints one). */
function failureReport(result: RunResult, deployment: HonestDeployment): string {
  const lines: string[] = [`exit code ${result.exitCode}`];
  for (const reason of result.incomplete) lines.push(`incomplete: ${reason}`);
  for (const api of result.apis) {
    if (api.configError) lines.push(`[${api.api}] configuration: ${api.configError}`);
    for (const leftover of api.leftovers) lines.push(`[${api.api}] left over: ${leftover}`);
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

/** One test per variant: the tester exits 0 on it and fails no check. */
export function describeHonestRuns(title: string, names: readonly VariantName[]): void {
  describe(title, () => {
    for (const name of names) {
      // A throttled deployment runs at the tester's default pace, which its limit slows down.
      const timeout = VARIANTS[name].rateLimitPerSecond > 0 ? 1_200_000 : 400_000;
      // Each variant runs on a server of its own; the runs mostly wait, so several run at once.
      it.concurrent(
        `finds no violation in the honest variant ${name}`,
        async () => {
          const deployment = await startHonestDeployment(name);
          const options = runOptionsFor(deployment);
          try {
            const { live: result, judged } = await runAndJudge({ ...options, log: () => {} });
            const directory = process.env.HONEST_DEPLOYMENTS_REPORT_DIR;
            if (directory) {
              const text = JSON.stringify(result, null, 2);
              const secrets = [deployment.analyticsKey, deployment.marketplaceKey, deployment.emptyMarketplaceKey];
              const safe = secrets.reduce((all, secret) => all.split(secret).join('<redacted key>'), text);
              writeFileSync(join(directory, `${name}.json`), safe);
            }
            const report = failureReport(result, deployment);
            const failedChecks = result.apis.flatMap((api) =>
              api.checks.filter((check) => check.status === 'fail').map((check) => `${api.api}:${check.check}`),
            );
            expect(failedChecks, report).toEqual([]);
            expect(result.exitCode, report).toBe(0);
            // The same traffic, judged from its HAR alone: no false alarm either.
            const judgedReport = `judged from the HAR: ${failureReport(judged, deployment)}`;
            expect(
              judged.apis.flatMap((api) => api.checks.filter((check) => check.status === 'fail')),
              judgedReport,
            ).toEqual([]);
            expect(judged.exitCode, judgedReport).toBe(0);
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
