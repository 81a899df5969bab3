// `@tallyport/contract-tests/node-test`: the contract checks as tests of
// Node's own runner (`node --test`), as ./vitest registers them for vitest: a
// `describe` per API, a test per check, one run for all (contract-suite.ts).
// A warning is a diagnostic of its passing test.
import { before, describe, it } from 'node:test';
import { type ContractTestOptions, ContractSuite, contractFailure } from './contract-suite.js';

export type { CheckOutcome, ContractTestOptions } from './contract-suite.js';

/** Registers one test per API and check; see `ContractTestOptions` for where the run goes. */
export function contractTests(options: ContractTestOptions = {}): void {
  const suite = new ContractSuite(options);
  before(() => suite.start(), { timeout: suite.timeoutMs });
  for (const api of suite.apis)
    describe(api, () => {
      for (const check of suite.checks)
        it(check, async (context) => {
          const outcome = await suite.outcome(api, check);
          if (outcome.status === 'skip') return context.skip(outcome.reason);
          if (outcome.status === 'fail') throw contractFailure(outcome.message);
          if (outcome.warning) context.diagnostic(outcome.warning);
        });
    });
}
