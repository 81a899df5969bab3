// `pnpm bench`: throughput against raw fetch and bundle sizes. With
// `--write-readme` the figures replace the bench section of README.md.
import { readFile, writeFile } from 'node:fs/promises';
import { measureBundles } from './bundle-size.mjs';
import { measureThroughput } from './throughput.mjs';

const { createAnalyticsClient } = await import('../dist/index.js');

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const throughput = await measureThroughput({ createAnalyticsClient });
const bundles = await measureBundles();

const lines = [
  `Measured on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${process.platform}/${process.arch}.`,
  '',
  '| measure | result |',
  '|---|---|',
  `| raw \`fetch\` (GET + JSON, loopback, concurrency ${throughput.concurrency}) | ${Math.round(throughput.rawRps)} req/s |`,
  `| \`client.websites.get\` (validation, auth, retries armed, no response validation) | ${Math.round(throughput.clientRps)} req/s |`,
  `| **ratio client / raw fetch** (median of ${throughput.rounds} interleaved rounds of ${throughput.requests}) | **${throughput.ratio.toFixed(2)}** |`,
  `| CPU per request, raw fetch / client (server in the same process) | ${Math.round(throughput.rawCpu)} µs / ${Math.round(throughput.clientCpu)} µs = **${throughput.cpuRatio.toFixed(2)}** |`,
  `| bundle: \`createAnalyticsClient\` + \`createMarketplaceClient\` (min + gzip) | **${kb(bundles.client.gzip)}** (${kb(bundles.client.minified)} min) |`,
  `| bundle: \`createAnalyticsClient\` only | ${kb(bundles.analyticsOnly.gzip)} |`,
  `| bundle: openapi-fetch alone | ${kb(bundles.openapiFetch.gzip)} (${kb(bundles.openapiFetch.minified)} min) |`,
  `| bundle: client + opt-in response validation | ${kb(bundles.clientWithResponseValidation.gzip)} |`,
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
