import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: false,
  target: 'node20',
  // The spec model's pure queries are private to the repository: they ship inside the bundle, with the generated
  // model of each spec. The package has no runtime dependency.
  noExternal: ['@tallyport/spec-model'],
});
