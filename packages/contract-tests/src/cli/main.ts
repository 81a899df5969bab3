#!/usr/bin/env node
// `tallyport-contract` / `pnpm contract`, `tallyport-contract cleanup`, and
// `tallyport-contract judge` (recorded/judge-cli.ts), which sends nothing.
// This entry starts the embedded mocks a run will want (guessed from the
// arguments, config/early-mocks.ts) before it loads the rest (cli-run.ts), so
// the mocks' host starts while the engine loads.
import { earlyMockApis, earlyMockKind } from './config/early-mocks.js';
import { type RunningMocks, startRunMocks } from '../run/mocks.js';

const args = process.argv.slice(2);
const judging = (args[0] === '--' ? args[1] : args[0]) === 'judge';
if (judging) {
  // A recorded file is judged without a mock or a request: the judge loads alone.
  const { runJudgeCli } = await import('./judge.js');
  await runJudgeCli(args.slice(args.indexOf('judge') + 1));
} else {
  const apis = earlyMockApis(args, process.env);
  const kind = earlyMockKind(args) ?? 'prism';
  const logged: string[] = [];
  // A mock host that fails to start is started again, and its failure said, by the run itself.
  const early: Promise<RunningMocks | undefined> | undefined =
    apis.length > 0 ? startRunMocks(kind, apis, (line) => logged.push(line)).catch(() => undefined) : undefined;

  const { runCli } = await import('./run.js');
  await runCli(early ? { apis, mocks: early, logged } : undefined);
}
