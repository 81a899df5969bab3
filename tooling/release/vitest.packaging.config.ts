import { defineConfig } from 'vitest/config';
import { packagingTests } from './vitest.config.js';

// `pnpm test:packaging`: pack the three public packages, install the tarballs
// into a fresh project with npm, use them; the package.json checklist; and the
// release rehearsal's steps against faults published to a local registry.
export default defineConfig({
  test: {
    include: packagingTests,
    // Hang guards, not measures of speed (installs and publishes take a minute or two on a quiet machine).
    testTimeout: 600_000,
    hookTimeout: 900_000,
    fileParallelism: false,
  },
});
