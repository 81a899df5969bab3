// Bundled size of what an application ships: the client entry (with its
// zod/mini input validation and openapi-fetch), next to openapi-fetch alone
// and to the opt-in response validation entry; esbuild, minified, gzip -9.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = fileURLToPath(new URL('.', import.meta.url));

async function size(contents) {
  const result = await build({
    stdin: { contents, resolveDir: here, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

export async function measureBundles() {
  return {
    client: await size(`export { createAnalyticsClient, createMarketplaceClient } from '../dist/index.js';`),
    analyticsOnly: await size(`export { createAnalyticsClient } from '../dist/index.js';`),
    openapiFetch: await size(`export { default } from 'openapi-fetch';`),
    clientWithResponseValidation: await size(
      [
        `export { createAnalyticsClient, createMarketplaceClient } from '../dist/index.js';`,
        `export * from '../dist/response-validation.js';`,
      ].join('\n'),
    ),
  };
}
