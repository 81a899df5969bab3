#!/usr/bin/env node
// `tallyport-contract` / `pnpm contract`, and `tallyport-contract cleanup`.
// This entry starts the embedded mocks a run will want (guessed from the
// arguments, config/early-mocks.ts) before it loads the rest (cli-run.ts), so
// the mocks' host starts while the engine loads.
import { earlyMockApis } from './config/early-mocks.js';
import { type RunningMocks, startMocks } from './mocks.js';

const apis = earlyMockApis(process.argv.slice(2), process.env);
const logged: string[] = [];
// A mock host that fails to start is started again, and its failure said, by the run itself.
const early: Promise<RunningMocks | undefined> | undefined =
  apis.length > 0 ? startMocks({ apis, log: (line) => logged.push(line) }).catch(() => undefined) : undefined;

const { runCli } = await import('./cli-run.js');
await runCli(early ? { apis, mocks: early, logged } : undefined);
