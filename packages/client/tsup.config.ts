import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/response-validation.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: false,
  splitting: true,
  target: 'node20',
});
