import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The suites mostly wait (on servers in the same process, on the pauses a
    // throttled or slow deployment asks for), so three files run at once on
    // two cores.
    maxWorkers: 3,
    // Fault runs and honest deployments run several at once within their file (each on a server of its own).
    maxConcurrency: 6,
  },
});
