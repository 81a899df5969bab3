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
const lines = [
  `Measured on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${process.platform}/${process.arch}; loopback server in a child process; ${t.rounds} rotated rounds of ${t.requests} GET requests, concurrency ${t.concurrency}; medians; CPU is the client process's own.`,
  '',
  '| measure | req/s | CPU per request |',
  '|---|---|---|',
  `| raw \`fetch\` (GET + JSON) | ${Math.round(t.raw.rps)} | ${Math.round(t.raw.cpu)} µs |`,
  `| raw \`fetch\` with an AbortSignal timeout | ${Math.round(t.rawWithTimeout.rps)} | ${Math.round(t.rawWithTimeout.cpu)} µs |`,
  `| \`client.websites.get(42)\` (input validation, auth, timeout, retries armed; no response validation) | ${Math.round(t.client.rps)} | ${Math.round(t.client.cpu)} µs |`,
  `| **ratio client / raw fetch** | **${t.ratio.toFixed(2)}** | ${t.cpuRatio.toFixed(2)} |`,
  `| ratio client / raw fetch with a timeout signal | ${t.ratioWithTimeout.toFixed(2)} | ${t.cpuRatioWithTimeout.toFixed(2)} |`,
  '',
  '| bundle (esbuild, minified, gzip -9) | gzip | minified |',
  '|---|---|---|',
  `| **\`createAnalyticsClient\` + \`createMarketplaceClient\`** (with input validation) | **${kb(bundles.client.gzip)}** | ${kb(bundles.client.minified)} |`,
  `| \`createAnalyticsClient\` only | ${kb(bundles.analyticsOnly.gzip)} | ${kb(bundles.analyticsOnly.minified)} |`,
  `| openapi-fetch alone | ${kb(bundles.openapiFetch.gzip)} | ${kb(bundles.openapiFetch.minified)} |`,
  `| client + opt-in response validation | ${kb(bundles.clientWithResponseValidation.gzip)} | ${kb(bundles.clientWithResponseValidation.minified)} |`,
];
const table = lines.join('\n');
console.log(table);

if (process.argv.includes('--write-readme')) {
  const readmeUrl = new URL('../README.md', import.meta.url);
  const readme = await readFile(readmeUrl, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error('README.md has no bench markers');
  await writeFile(readmeUrl, `${readme.slice(0, from + start.length)}\n${table}\n${readme.slice(to)}`);
  console.log('README.md updated');
}
