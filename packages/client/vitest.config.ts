import { defineConfig } from 'vitest/config';

export default defineConfig(({ mode }) => {
  // `pnpm test:quick` (`--mode quick`): the unit tests only. The client against Prism is an end-to-end run, and the
  // type tests are the package's type check (tsc reads test/ too), which test:quick runs as its own task.
  const quick = mode === 'quick';
  return {
    test: {
      include: ['test/**/*.test.ts'],
      exclude: quick ? ['test/prism-mocks.test.ts'] : [],
      // The files share one module registry per worker (each puts back the timers, globals and environment it
      // changes), so the client and its helpers load once per worker, not once per file: 24 s became 14 s.
      isolate: false,
      // Hang guards, not measures of speed: the slowest test takes about 2 s on a quiet machine (a compile, a
      // Retry-After of 2 s), and a busy one must stay far within them.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      typecheck: {
        enabled: !quick,
        include: ['test/**/*.test-d.ts'],
        tsconfig: './tsconfig.json',
      },
    },
  };
});
