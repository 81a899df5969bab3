// `pnpm bench`: throughput against raw fetch and plain openapi-fetch, bundle
// sizes, and which module brings how many bytes. `--instructions` also counts
// instructions per call under callgrind (needs valgrind; about 45 minutes a
// pass on a busy 2-core box; `--passes=N` for more), `--write-docs` writes
// the figures into the client section of docs/benchmarks.md, and
// `--bundle-only` skips the throughput rounds.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { BUNDLE_AIM, BUNDLE_BUDGET, measureBundles, measureModules } from './bundle-size.mjs';
import { measureInstructions } from './instructions.mjs';
import { measureThroughput } from './throughput.mjs';

const { createAnalyticsClient } = await import('../dist/index.js');
const { analyticsResponseValidator } = await import('../dist/response-validation.js');

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const bytes = (n) => n.toLocaleString('en-US');
const row = (...cells) => `| ${cells.join(' | ')} |`;
const fixed = (n) => n.toFixed(2);
/** A median ratio with the middle half of the rounds' ratios around it. */
const spread = (s) => `${fixed(s.median)} (${fixed(s.low)}–${fixed(s.high)})`;

const lines = [];
if (!process.argv.includes('--bundle-only')) {
  const load = loadavg()[0];
  const t = await measureThroughput({ createAnalyticsClient, analyticsResponseValidator });
  const machine = `Node ${process.version}, ${process.platform}/${process.arch}`;
  // The client's rows show their ratio to openapi-fetch in bold: that is what the aim is about.
  const VARIANTS = [
    ['raw `fetch` (GET + JSON)', 'raw', false],
    ['plain openapi-fetch', 'openapiFetch', false],
    ['client, validation off', 'client', true],
    ['client, validation on', 'validating', true],
  ];
  const variantRows = (label, r) =>
    VARIANTS.map(([name, key, ours]) => {
      const v = r[key];
      const versus = v.against.openapiFetch;
      return row(
        `${label}: ${name}`,
        Math.round(v.rps.median),
        `${Math.round(v.cpu.median)} µs`,
        ours ? `**${spread(versus.speed)}**` : spread(versus.speed),
        spread(versus.cpu),
        fixed(v.against.raw.speed.median),
      );
    });
  lines.push(
    `Measured on ${new Date().toISOString().slice(0, 10)}, ${machine}, load average ${load.toFixed(1)} at the start; ` +
      `loopback server in a child process; ${t.rounds} rounds per size, each running the four variants back to back ` +
      `(order turned every round), concurrency ${t.concurrency}. Ratios are taken within each round; the table shows ` +
      'their median and, in brackets, the middle half of the rounds (25th to 75th percentile). ' +
      'Speed = req/s ÷ openapi-fetch (higher is better); CPU = the client process’s CPU per request ÷ ' +
      'openapi-fetch (lower is better).',
    '',
    row('request', 'req/s', 'CPU per request', 'speed vs openapi-fetch', 'CPU vs openapi-fetch', 'speed vs raw'),
    row('---', '---', '---', '---', '---', '---'),
    ...variantRows('`websites.get(42)`', t.single),
    ...t.lists.flatMap((r) => variantRows(`list of ${r.rows.toLocaleString('en-US')} rows`, r)),
    '',
  );
}

if (process.argv.includes('--instructions')) {
  const passes = Number(process.argv.find((arg) => arg.startsWith('--passes='))?.slice(9) ?? 1);
  const counts = await measureInstructions({ passes });
  const k = (xs) => `${Math.round(Math.min(...xs) / 1000)}–${Math.round(Math.max(...xs) / 1000)}k`;
  // Fewer instructions is faster: the speed ratio is openapi-fetch's count over the variant's, worst pass first.
  const ratio = (mine, theirs) => {
    const rs = mine.flatMap((m) => theirs.map((t) => t / m));
    return `${fixed(Math.min(...rs))}–${fixed(Math.max(...rs))}`;
  };
  lines.push(
    `Instructions per call, counted by callgrind in the client process (${passes} pass(es); their range), ` +
      'and speed vs openapi-fetch as its count over the client’s (higher is better):',
    '',
    row(
      'request',
      'raw `fetch`',
      'openapi-fetch',
      'client, validation off',
      'client, validation on',
      'speed, off',
      'speed, on',
    ),
    row('---', '---', '---', '---', '---', '---', '---'),
    ...counts.map(({ rows, variants: v }) =>
      row(
        rows === 0 ? '`websites.get(42)`' : `list of ${rows.toLocaleString('en-US')} rows`,
        k(v.raw),
        k(v.openapiFetch),
        k(v.client),
        k(v.validating),
        `**${ratio(v.client, v.openapiFetch)}**`,
        `**${ratio(v.validating, v.openapiFetch)}**`,
      ),
    ),
    '',
  );
}

const bundles = await measureBundles();
const bundleRow = (label, size) => row(label, kb(size.gzip), kb(size.minified), bytes(size.gzip));
lines.push(
  row('bundle (esbuild, minified, gzip -9)', 'gzip', 'minified', 'gzip bytes'),
  row('---', '---', '---', '---'),
  bundleRow(
    `**\`createAnalyticsClient\` + \`createMarketplaceClient\`** (test budget ${bytes(BUNDLE_BUDGET)}, ` +
      `aim ${bytes(BUNDLE_AIM)} bytes)`,
    bundles.client,
  ),
  bundleRow('`createAnalyticsClient` only', bundles.analyticsOnly),
  bundleRow('both factories + `rawClient` (path-level calls, openapi-fetch)', bundles.withRawClient),
  bundleRow('openapi-fetch alone', bundles.openapiFetch),
  bundleRow('both factories + opt-in response validation', bundles.clientWithResponseValidation),
  bundleRow('both factories + zod input schemas (`@tallyport/client/schemas`)', bundles.clientWithSchemas),
  '',
);

const modules = await measureModules();
lines.push(
  'Where the bytes of both factories go (the same bundle built from the sources with a metafile; "gzip share" is ' +
    'how much the gzip of the whole shrinks without that module, so the shares do not add up exactly):',
  '',
  row('module', 'minified bytes', 'gzip share'),
  row('---', '---', '---'),
  ...modules.map((m) => row(`\`${m.path}\``, bytes(m.minified), bytes(m.gzipShare))),
);

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
