import { defineConfig } from 'vitest/config';

// Hermetic tests: the guard on fixture pairs, the CLI on scratch repositories,
// the changesets flow. The packaging suite (which installs the tarballs from
// the npm registry and starts Prism) and the rehearsal's faults (built packages
// published to a local Verdaccio) have their own config: vitest.packaging.config.ts.
export const packagingTests = ['test/packaging.test.ts', 'test/package-manifests.test.ts', 'test/rehearsal.test.ts'];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...packagingTests],
    testTimeout: 30_000,
    // Building the CLI (tsc) before the CLI tests can take a while on a busy 2-core machine.
    hookTimeout: 120_000,
  },
});
