// `pnpm bench`: throughput against raw fetch and bundle sizes. With
// `--write-readme` the figures replace the bench section of README.md.
import { readFile, writeFile } from 'node:fs/promises';
import { measureBundles } from './bundle-size.mjs';
import { measureThroughput } from './throughput.mjs';

const { createAnalyticsClient } = await import('../dist/index.js');

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const throughput = await measureThroughput({ createAnalyticsClient });
const bundles = await measureBundles();

const t = throughput;
const row = (...cells) => `| ${cells.join(' | ')} |`;
const bundleRow = (label, size) => row(label, kb(size.gzip), kb(size.minified));
const machine = `Node ${process.version}, ${process.platform}/${process.arch}`;
const lines = [
  `Measured on ${new Date().toISOString().slice(0, 10)}, ${machine}; loopback server in a child process; ` +
    `${t.rounds} rotated rounds of ${t.requests} GET requests, concurrency ${t.concurrency}; medians; ` +
    "CPU is the client process's own.",
  '',
  row('measure', 'req/s', 'CPU per request'),
  row('---', '---', '---'),
  row('raw `fetch` (GET + JSON)', Math.round(t.raw.rps), `${Math.round(t.raw.cpu)} µs`),
  row(
    'raw `fetch` with an AbortSignal timeout',
    Math.round(t.rawWithTimeout.rps),
    `${Math.round(t.rawWithTimeout.cpu)} µs`,
  ),
  row(
    '`client.websites.get(42)` (input validation, auth, timeout, retries armed; no response validation)',
    Math.round(t.client.rps),
    `${Math.round(t.client.cpu)} µs`,
  ),
  row('**ratio client / raw fetch**', `**${t.ratio.toFixed(2)}**`, t.cpuRatio.toFixed(2)),
  row(
    'ratio client / raw fetch with a timeout signal',
    t.ratioWithTimeout.toFixed(2),
    t.cpuRatioWithTimeout.toFixed(2),
  ),
  '',
  row('bundle (esbuild, minified, gzip -9)', 'gzip', 'minified'),
  row('---', '---', '---'),
  bundleRow('**`createAnalyticsClient` + `createMarketplaceClient`** (with input validation)', bundles.client),
  bundleRow('`createAnalyticsClient` only', bundles.analyticsOnly),
  bundleRow('openapi-fetch alone', bundles.openapiFetch),
  bundleRow('client + opt-in response validation', bundles.clientWithResponseValidation),
];
const table = lines.join('\n');
console.log(table);

if (process.argv.includes('--write-docs')) {
  const readmeUrl = new URL('../../../docs/benchmarks.md', import.meta.url);
  const readme = await readFile(readmeUrl, 'utf8');
  const start = '<!-- client-bench:start -->';
  const end = '<!-- client-bench:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error('docs/benchmarks.md has no client bench markers');
  await writeFile(readmeUrl, `${readme.slice(0, from + start.length)}\n${table}\n${readme.slice(to)}`);
  console.log('docs/benchmarks.md updated');
}
