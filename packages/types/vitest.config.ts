import { defineConfig } from 'vitest/config';

export default defineConfig(({ mode }) => ({
  test: {
    include: ['test/**/*.test.ts'],
    typecheck: {
      // `pnpm test:quick` (`--mode quick`) leaves the type tests to the package's type check (tsc reads test/ too).
      enabled: mode !== 'quick',
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
}));
