// `@tallyport/contract-tests/vitest`: the contract checks as vitest tests.
// One call in a test file registers a `describe` per API and a test per
// check, all answered by one run (contract-suite.ts) that starts before the
// first of them; it runs only the tests vitest will run, so `-t sort_order`
// sends only what sort_order needs. Vitest's reporters (`--reporter=junit`),
// `--shard` (a file per API spreads them) and watch mode work as for any test.
import { beforeAll, describe, it, type TestContext } from 'vitest';
import { type ContractTestOptions, ContractSuite, contractFailure } from './contract-suite.js';
import type { ApiName } from './spec/models.js';

export type { CheckOutcome, ContractTestOptions } from './contract-suite.js';

interface TaskLike {
  name: string;
  mode?: string;
  tasks?: TaskLike[];
}

const hasTasks = (value: unknown): value is TaskLike =>
  !!value && typeof value === 'object' && Array.isArray((value as TaskLike).tasks);

/** The checks of each API vitest will run (a filter, `.only` or `.skip` leave the others out). */
function selectedTests(suite: ContractSuite, scope: TaskLike | undefined) {
  if (!scope) return undefined;
  const selected: Array<{ api: ApiName; check: string }> = [];
  for (const group of scope.tasks ?? []) {
    const api = suite.apis.find((name) => name === group.name);
    if (!api || !hasTasks(group)) continue;
    for (const test of group.tasks ?? [])
      if ((test.mode === 'run' || test.mode === 'only') && suite.checks.includes(test.name))
        selected.push({ api, check: test.name });
  }
  return selected;
}

/**
 * A note on a test (a warning it passes with, why it is skipped): an annotation where vitest has them (reporters
 * show them, JUnit as a property), else the test's own output.
 */
async function note(context: TestContext, text: string, type: 'warning' | 'skipped'): Promise<void> {
  if (typeof (context as Partial<TestContext>).annotate === 'function') await context.annotate(text, type);
  else console.warn(text);
}

/** Registers one test per API and check; see `ContractTestOptions` for where the run goes. */
export function contractTests(options: ContractTestOptions = {}): void {
  const suite = new ContractSuite(options);
  // The hook is given its suite first (vitest 3) or second (vitest 4, which reads the first as fixtures from the
  // function's parameters, so it declares none).
  beforeAll(async function startRun() {
    // biome-ignore lint/complexity/noArguments: the only way to read an argument vitest 4 must not see declared.
    await suite.start(selectedTests(suite, [...arguments].find(hasTasks)));
  }, suite.timeoutMs);
  for (const api of suite.apis)
    describe(api, () => {
      for (const check of suite.checks)
        it(check, async (context) => {
          const outcome = await suite.outcome(api, check);
          if (outcome.status === 'skip') {
            await note(context, outcome.reason, 'skipped');
            context.skip(outcome.reason);
            return;
          }
          if (outcome.status === 'fail') throw contractFailure(outcome.message);
          if (outcome.warning) await note(context, outcome.warning, 'warning');
        });
    });
}
