import { defineConfig } from 'tsup';

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
  },
  {
    entry: { cli: 'src/cli.ts', 'mock-cli': 'src/mock-cli.ts' },
    format: ['esm'],
    clean: false,
    shims: true,
    target: 'node20',
    sourcemap: true,
  },
]);
