import { defineConfig } from 'vitest/config';

/**
 * Test files that replace a module with `vi.mock`: they need a module registry of their own. The others share
 * one per worker, so the engine is loaded once per worker instead of once per file.
 */
const OWN_MODULES = ['test/check-audit.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
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
        test: { name: 'shared-modules', include: ['test/**/*.test.ts'], exclude: OWN_MODULES, isolate: false },
      },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES, isolate: true } },
    ],
  },
});
