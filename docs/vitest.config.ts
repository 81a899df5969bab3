import { defineConfig } from 'vitest/config';

/**
 * What `pnpm test:quick` (`--mode quick`) runs here: the tests of the build's own functions, which need no built
 * site. The others read docs/dist, which the global setup builds first, or drive Chromium.
 */
const UNIT = [
  'test/cjk-font.test.ts',
  'test/readme-sections.test.ts',
  'test/remote-assets.test.ts',
  'test/static-server.test.ts',
];

export default defineConfig(({ mode }) => {
  const quick = mode === 'quick';
  return {
    test: {
      include: quick ? UNIT : ['test/**/*.test.ts'],
      // Builds docs/dist once from the current specs before any test reads it.
      globalSetup: quick ? [] : ['test/global-setup.ts'],
      // Hang guards, not measures of speed: a build or a page takes seconds on a quiet machine.
      testTimeout: 600_000,
      hookTimeout: 600_000,
      // One Chromium at a time on a 2-core machine.
      fileParallelism: false,
    },
  };
});
