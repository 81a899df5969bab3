import { defineConfig } from 'vitest/config';

// Each test runs real tools as child processes (Spectral, generators, tsc): seconds each on a quiet machine. The
// limits are hang guards, not measures of speed: roomy for a 2-core machine many times oversubscribed, while a hung
// tool still fails the run.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 600_000,
  },
});
