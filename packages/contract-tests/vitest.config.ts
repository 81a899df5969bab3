import { defineConfig } from 'vitest/config';

/**
 * Test files that run in a process of their own, as vitest runs files by default: those that replace a module with
 * `vi.mock` (a shared registry would hand them the real one), and those whose runs read the heap (the memory bound
 * counts all the process's heap added since a run started, so another file's garbage would stop their runs early):
 * the fault runs and the honest deployments, several runs at once each, and the bounds themselves; and the safety
 * test, which bounds the resident memory a huge body adds. The other files share one module registry per worker, so
 * the engine loads once per worker instead of once per file.
 */
const OWN_PROCESS = [
  'test/baseline-runs.test.ts',
  'test/check-audit.test.ts',
  'test/faults-*.test.ts',
  'test/honest-deployments/honest-deployments.test.ts',
  'test/memory-bounds.test.ts',
  'test/safety.test.ts',
];

/**
 * Runs of the tester end to end, which `pnpm test` runs and `pnpm test:quick` (`vitest run --mode quick`, the unit
 * tests) leaves out: full runs against deployments (the faults, the honest deployments, the hostile ones, the fake
 * and the mocks), the built CLIs in a process of their own, Prism, vitest inside vitest, and the property runs that
 * take thousands of cases the whole way (every fault of the fake probed; a run's every output). The rest test one
 * module, a check, a reporter or the fake itself, without a run.
 */
const END_TO_END = [
  // Full runs against deployments, and the probe of every fault the fault runs meet.
  'test/baseline-runs.test.ts',
  'test/faults-*.test.ts',
  'test/fake-deployment/faults.test.ts',
  'test/honest-deployments/**',
  'test/check-audit.test.ts',
  'test/clean-fake.test.ts',
  'test/hostile-answers.test.ts',
  'test/key-transport.test.ts',
  'test/memory-bounds.test.ts',
  'test/safety.test.ts',
  'test/shrink.test.ts',
  'test/stalled-operation.test.ts',
  // Runs against the mocks (Prism or the stateful one).
  'test/ledger.test.ts',
  'test/messages.test.ts',
  'test/mock-run.test.ts',
  'test/progress.test.ts',
  'test/run-scope.test.ts',
  'test/start-mocks.test.ts',
  'test/state/stateful-mock-model.test.ts',
  // The built CLIs, and vitest, in processes of their own.
  'test/cli.test.ts',
  'test/cli-conventions.test.ts',
  'test/first-contact.test.ts',
  'test/hostile-output.test.ts',
  'test/key-canary.test.ts',
  'test/mock-cli.test.ts',
  'test/newcomer-path.test.ts',
  'test/recorded/judge-cli.test.ts',
  'test/report-schema.test.ts',
  'test/stateful-mock-run.test.ts',
  'test/vitest-integration.test.ts',
  // Thousands of random cases, each the whole way from answers to every output.
  'test/output-redaction.test.ts',
];

/**
 * Measurements, never tests: the recall of the tester on the blind faults (test/blind-faults/recall.ts, run by plain
 * Node) and the faults it runs. No config here takes them, whatever their names.
 */
const MEASUREMENTS = ['test/blind-faults/**'];

export default defineConfig(({ mode }) => {
  const quick = mode === 'quick';
  const leftOut = (files: string[]) => [...files, ...MEASUREMENTS, ...(quick ? END_TO_END : [])];
  return {
    test: {
      // Hang guards, not measures of speed: a test here takes seconds to a minute on a quiet machine, several times
      // that on a busy one (a fault run took 65 s under load), and only a hang should reach these.
      testTimeout: 600_000,
      hookTimeout: 600_000,
      // Many suites mostly wait (on servers in the same process, on a slow
      // deployment's latency), so four files run at once on two cores (five
      // measured no faster: the rest is CPU).
      maxWorkers: 4,
      // Fault runs and honest deployments run several at once within their file (each on a server of its own).
      maxConcurrency: 6,
      // A run allocates many short-lived answers: a larger young generation halves the collector's share of the CPU.
      execArgv: ['--max-semi-space-size=64'],
      projects: [
        {
          extends: true,
          test: {
            name: 'shared-process',
            include: ['test/**/*.test.ts'],
            exclude: leftOut(OWN_PROCESS),
            isolate: false,
          },
        },
        { extends: true, test: { name: 'own-process', include: OWN_PROCESS, exclude: leftOut([]), isolate: true } },
      ],
    },
  };
});
