import { defineConfig } from 'vitest/config';
import { filesOf, OWN_PROCESS, tierOf } from './test/tiers.js';

/**
 * The tier a run is comes from vitest's mode (test/tiers.ts says which files and cases each runs): `vitest run` is
 * `pnpm test`, `--mode quick` the unit tests of `pnpm test:quick`, `--mode deployments` the rest of the sweeps that
 * `pnpm test:deployments` runs in CI. Each tier's files run in two projects: those of OWN_PROCESS in a process each,
 * the others sharing one module registry per worker. The projects spell out what they share instead of extending
 * this config: vitest loads an extended config again in the default mode, which would make every tier `test`.
 */
export default defineConfig(({ mode }) => {
  const tier = tierOf(mode);
  const files = filesOf(tier);
  const ownProcess = files.filter((file) => OWN_PROCESS.includes(file));
  const shared = files.filter((file) => !OWN_PROCESS.includes(file));
  const common = {
    // Read by the sweeps split between tiers (test/tier-cases.ts).
    provide: { tier },
    // Hang guards, not measures of speed: a test here takes seconds to a minute on a quiet machine, several times
    // that on a busy one (a fault run took 65 s under load), and only a hang should reach these.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Fault runs and honest deployments run several at once within their file (each on a server of its own).
    maxConcurrency: 6,
    // A run allocates many short-lived answers: a larger young generation halves the collector's share of the CPU.
    execArgv: ['--max-semi-space-size=64'],
  };
  return {
    test: {
      // Many suites mostly wait (on servers in the same process, on a slow
      // deployment's latency), so four files run at once on two cores (five
      // measured no faster: the rest is CPU).
      maxWorkers: 4,
      projects: [
        { test: { ...common, name: 'shared-process', include: [...shared], isolate: false } },
        { test: { ...common, name: 'own-process', include: [...ownProcess], isolate: true } },
      ],
    },
  };
});
