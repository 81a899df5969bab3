import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // The spec model's types are written into the declarations: a published declaration may import only what the
  // package depends on.
  dts: {
    resolve: [/^@tallyport\/spec-model(\/|$)/],
    compilerOptions: { paths: { '@tallyport/spec-model/query': ['../../tooling/spec-model/dist/query.d.ts'] } },
  },
  clean: true,
  sourcemap: false,
  target: 'node20',
  // The spec model's pure queries are private to the repository: they ship inside the bundle, with the generated
  // model of each spec. The package has no runtime dependency.
  noExternal: ['@tallyport/spec-model'],
});
