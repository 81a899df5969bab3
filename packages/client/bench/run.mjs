// `pnpm bench`: throughput against raw fetch and plain openapi-fetch, and
// bundle sizes. With `--write-docs` the figures replace the client section of
// docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { measureBundles } from './bundle-size.mjs';
import { measureThroughput } from './throughput.mjs';

const { createAnalyticsClient } = await import('../dist/index.js');
const { analyticsResponseValidator } = await import('../dist/response-validation.js');

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const t = await measureThroughput({ createAnalyticsClient, analyticsResponseValidator });
const bundles = await measureBundles();

const row = (...cells) => `| ${cells.join(' | ')} |`;
const bundleRow = (label, size) => row(label, kb(size.gzip), kb(size.minified));
const machine = `Node ${process.version}, ${process.platform}/${process.arch}`;
// Throughput: higher is better, so the ratio is client ÷ raw (1.00 = as fast as raw fetch).
// CPU: lower is better, so the ratio is client ÷ raw too (1.00 = as cheap as raw fetch, 2.00 = twice the work).
const speed = (v, raw) => (v.rps / raw.rps).toFixed(2);
const cost = (v, raw) => (v.cpu / raw.cpu).toFixed(2);
// The client's own rows show their speed in bold: they are what the aims are about.
const VARIANTS = [
  ['plain openapi-fetch', 'openapiFetch', false],
  ['client, validation off', 'client', true],
  ['client, validation on', 'validating', true],
];
const variantRows = (label, r) => [
  row(`${label}: raw \`fetch\` (GET + JSON)`, Math.round(r.raw.rps), `${Math.round(r.raw.cpu)} µs`, '1.00', '1.00'),
  ...VARIANTS.map(([name, key, ours]) =>
    row(
      `${label}: ${name}`,
      Math.round(r[key].rps),
      `${Math.round(r[key].cpu)} µs`,
      ours ? `**${speed(r[key], r.raw)}**` : speed(r[key], r.raw),
      cost(r[key], r.raw),
    ),
  ),
];
const lines = [
  `Measured on ${new Date().toISOString().slice(0, 10)}, ${machine}; loopback server in a child process; ` +
    `${t.rounds} rotated rounds per size, concurrency ${t.concurrency}; medians; CPU is the client process's own. ` +
    'Speed = req/s ÷ raw `fetch` (higher is better); CPU = CPU per request ÷ raw `fetch` (lower is better).',
  '',
  row('request', 'req/s', 'CPU per request', 'speed vs raw', 'CPU vs raw'),
  row('---', '---', '---', '---', '---'),
  ...variantRows('`websites.get(42)`', t.single),
  ...t.lists.flatMap((r) => variantRows(`list of ${r.rows.toLocaleString('en-US')} rows`, r)),
  '',
  row('bundle (esbuild, minified, gzip -9)', 'gzip', 'minified'),
  row('---', '---', '---'),
  bundleRow('**`createAnalyticsClient` + `createMarketplaceClient`** (with input validation)', bundles.client),
  bundleRow('`createAnalyticsClient` only', bundles.analyticsOnly),
  bundleRow('both factories + `rawClient` (path-level calls, openapi-fetch)', bundles.withRawClient),
  bundleRow('openapi-fetch alone', bundles.openapiFetch),
  bundleRow('both factories + opt-in response validation', bundles.clientWithResponseValidation),
  bundleRow('both factories + zod input schemas (`@tallyport/client/schemas`)', bundles.clientWithSchemas),
];
const table = lines.join('\n');
console.log(table);

if (process.argv.includes('--write-docs')) {
  const docsUrl = new URL('../../../docs/benchmarks.md', import.meta.url);
  const docs = await readFile(docsUrl, 'utf8');
  const start = '<!-- client-bench:start -->';
  const end = '<!-- client-bench:end -->';
  const from = docs.indexOf(start);
  const to = docs.indexOf(end);
  if (from < 0 || to < from) throw new Error('docs/benchmarks.md has no client bench markers');
  await writeFile(docsUrl, `${docs.slice(0, from + start.length)}\n${table}\n${docs.slice(to)}`);
  // The repository's formatter aligns the tables, so the written file passes `biome check`.
  const biome = fileURLToPath(new URL('../../../node_modules/.bin/biome', import.meta.url));
  execFileSync(biome, ['format', '--write', fileURLToPath(docsUrl)], { stdio: 'ignore' });
  console.log('docs/benchmarks.md updated');
}
