import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Many suites mostly wait (on servers in the same process, on a slow
    // deployment's latency), so four files run at once on two cores (five
    // measured no faster: the rest is CPU).
    maxWorkers: 4,
    // Fault runs and honest deployments run several at once within their file (each on a server of its own).
    maxConcurrency: 6,
  },
});
