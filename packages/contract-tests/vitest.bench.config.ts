import { configDefaults, defineConfig } from 'vitest/config';

// `pnpm bench`: timings of whole contract runs, printed and written to
// test-results/bench.json. Never part of `pnpm test`.
export default defineConfig({
  test: {
    include: ['bench/**/*.bench-run.ts'],
    // The blind faults' recall is a measurement of its own (test/blind-faults/recall.ts), run by plain Node.
    exclude: [...configDefaults.exclude, 'test/blind-faults/**'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
