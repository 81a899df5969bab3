import { defineConfig } from 'tsup';

// The spec model's pure helpers, its schema engine set-up, the redaction module and the HTTP policy are
// private to the repository: they ship inside the bundle (ajv stays a dependency).
const noExternal = ['@tallyport/spec-model', '@tallyport/redaction', '@tallyport/http-policy'];

// Their types are written into the declarations too: a published declaration may import only what the package
// depends on (the release rehearsal checks it).
const dts = {
  resolve: [/^@tallyport\/(spec-model|redaction|http-policy)(\/|$)/],
  compilerOptions: { paths: { '@tallyport/spec-model/query': ['../../tooling/spec-model/dist/query.d.ts'] } },
};

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts,
    clean: true,
    // Copies assets/prism-host.cjs (the mock host process) next to the bundles.
    publicDir: 'assets',
    shims: true,
    target: 'node20',
    sourcemap: true,
    noExternal,
  },
  {
    // The test-runner integrations, ESM as vitest is; the runner itself is the user's (vitest, node:test).
    entry: { vitest: 'src/vitest.ts', 'node-test': 'src/node-test.ts' },
    format: ['esm'],
    dts,
    clean: false,
    shims: true,
    target: 'node20',
    sourcemap: true,
    external: ['vitest'],
    // node:test exists only by that name.
    removeNodeProtocol: false,
    noExternal,
  },
  {
    entry: { cli: 'src/cli/main.ts', 'mock-cli': 'src/cli/mock.ts' },
    format: ['esm'],
    clean: false,
    shims: true,
    target: 'node20',
    sourcemap: true,
    noExternal,
  },
]);
