import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The files only read the specs: they share one module registry per worker, so the specs load once per worker,
    // not once per file (8.5 s became 4 s).
    isolate: false,
    // A hang guard, not a measure of speed: reading a spec for an older reader took over vitest's default 5 s at a
    // load average of 27 on two cores (CONTRIBUTING.md, "Tests that do not depend on the machine's speed").
    testTimeout: 60_000,
  },
});
