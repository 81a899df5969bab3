import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/response-validation.ts', 'src/schemas.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: false,
  // The entries share no class (a response validator returns problems; the client throws), so each is one
  // file. Without splitting, CommonJS is esbuild's own output: classes keep their names (no `_class2`).
  splitting: false,
  target: 'node20',
  // The spec model's pure helpers and the private redaction and HTTP policy modules ship inside the bundle.
  noExternal: ['@tallyport/spec-model', '@tallyport/redaction', '@tallyport/http-policy'],
});
