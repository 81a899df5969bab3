// Bundled size of what an application ships: both factories (input
// validation included), one factory, the factories with rawClient (which
// brings openapi-fetch's client), openapi-fetch alone, and the factories with
// the opt-in response validation or zod schema entries; esbuild, minified,
// gzip -9.
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
    withRawClient: await size(
      `export { createAnalyticsClient, createMarketplaceClient, rawClient } from '../dist/index.js';`,
    ),
    openapiFetch: await size(`export { default } from 'openapi-fetch';`),
    clientWithSchemas: await size(
      [
        `export { createAnalyticsClient, createMarketplaceClient } from '../dist/index.js';`,
        `export * from '../dist/schemas.js';`,
      ].join('\n'),
    ),
    clientWithResponseValidation: await size(
      [
        `export { createAnalyticsClient, createMarketplaceClient } from '../dist/index.js';`,
        `export * from '../dist/response-validation.js';`,
      ].join('\n'),
    ),
  };
}
