import { defineConfig } from 'vitest/config';

// Hermetic tests: the guard on fixture pairs, the CLI on scratch repositories,
// the changesets flow. The packaging suite (which installs the tarballs from
// the npm registry and starts Prism) and the rehearsal's faults (built packages
// published to a local Verdaccio) have their own config: vitest.packaging.config.ts.
export const packagingTests = ['test/packaging.test.ts', 'test/package-manifests.test.ts', 'test/rehearsal.test.ts'];

export default defineConfig(({ mode }) => ({
  test: {
    include: ['test/**/*.test.ts'],
    // `pnpm test:quick` (`--mode quick`) leaves out the built CLI run on scratch repositories (end to end).
    exclude: ['**/node_modules/**', ...packagingTests, ...(mode === 'quick' ? ['test/cli.test.ts'] : [])],
    // The files share one module registry per worker (each works in scratch folders of its own), so the guard and
    // the specs load once per worker, not once per file (15 s became 10 s).
    isolate: false,
    // Hang guards, not measures of speed: building the CLI (tsc) before the CLI tests, and the tests themselves,
    // take seconds on a quiet machine and must stay far within these on a busy one.
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
}));
