import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Hang guards, not measures of speed: the slowest test takes about 2 s on a quiet machine (a compile, a
    // Retry-After of 2 s), and a busy one must stay far within them.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
