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
  'test/check-audit.test.ts',
  'test/faults-*.test.ts',
  'test/honest-deployments/honest-deployments.test.ts',
  'test/memory-bounds.test.ts',
  'test/safety.test.ts',
];

export default defineConfig({
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
        test: { name: 'shared-process', include: ['test/**/*.test.ts'], exclude: OWN_PROCESS, isolate: false },
      },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } },
    ],
  },
});
