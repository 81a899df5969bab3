import { defineConfig } from 'tsup';

// The spec model's pure helpers, its schema engine set-up, the redaction module and the HTTP policy are
// private to the repository: they ship inside the bundle (ajv stays a dependency).
const noExternal = ['@tallyport/spec-model', '@tallyport/redaction', '@tallyport/http-policy'];

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    // Copies assets/prism-host.cjs (the mock host process) next to the bundles.
    publicDir: 'assets',
    shims: true,
    target: 'node20',
    sourcemap: true,
    noExternal,
  },
  {
    entry: { cli: 'src/cli.ts', 'mock-cli': 'src/mock-cli.ts' },
    format: ['esm'],
    clean: false,
    shims: true,
    target: 'node20',
    sourcemap: true,
    noExternal,
  },
]);
