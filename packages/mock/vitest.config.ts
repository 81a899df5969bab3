import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores are shared with other packages' suites.
    maxWorkers: 2,
    // The files share one module registry per worker (each puts back the timers it fakes), so the engine and the
    // specs' model load once per worker, not once per file: 13 s became 8 s.
    isolate: false,
  },
});
