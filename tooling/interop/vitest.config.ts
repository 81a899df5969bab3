import { defineConfig } from 'vitest/config';

// Each test runs real tools as child processes (Spectral, generators, tsc): seconds each, so the limits are roomy
// for a busy 2-core machine while a hung tool still fails the run.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 90_000,
  },
});
