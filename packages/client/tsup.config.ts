import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/response-validation.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: false,
  splitting: true,
  target: 'node20',
  // The spec model's pure helpers and the redaction module are private to the repository: they ship inside the bundle.
  noExternal: ['@tallyport/spec-model', '@tallyport/redaction'],
});
