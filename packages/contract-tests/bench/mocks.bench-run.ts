// Start time and requests per second of the two mocks side by side: Prism
// (the spec examples) and the stateful mock of @tallyport/mock, each started
// by the tallyport-mock CLI (from spawn to "Press Ctrl-C") and by startMocks()
// in process, then sent the same mix of reads over loopback HTTP; and the
// stateful engine through createMockFetch, with no HTTP at all. Figures are
// printed and written to test-results/mocks-bench.json, never asserted.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMockFetch } from '@tallyport/mock';
import { expect, it } from 'vitest';
import { type RunningMocks, startMocks } from '../src/run/mocks.js';

const MOCK_CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'mock-cli.js');
const ROUNDS = 3;
const REQUESTS = 1500;
const CONCURRENCY = 8;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number) => Math.round(value);

/** From spawning the CLI to its "Press Ctrl-C" line, then stopped. */
async function cliStartMs(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [MOCK_CLI, '--analytics-port', '0', '--marketplace-port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Press Ctrl-C')) resolve();
    });
    child.once('exit', () => reject(new Error(`tallyport-mock ${args.join(' ')} exited: ${output}`)));
  });
  const elapsed = performance.now() - started;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
  return elapsed;
}

/** The same reads of both APIs for either mock: a list, a record, a statistic, items, an item, a purchase. */
function requestMix(
  mocks: { analytics: string; marketplace: string },
  keys: { analytics: string; market: string },
  send: (url: string, init?: RequestInit) => Promise<Response> = fetch,
) {
  const bearer = { authorization: `Bearer ${keys.analytics}` };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  return [
    () => send(`${mocks.analytics}/api/v1/websites?per_page=10`, { headers: bearer }),
    () => send(`${mocks.analytics}/api/v1/websites/42`, { headers: bearer }),
    () => send(`${mocks.analytics}/api/v1/stats/42?name=browser&from=2026-10-01&to=2026-10-31`, { headers: bearer }),
    () => send(`${mocks.marketplace}/api/items/all?api_key=${keys.market}`),
    () => send(`${mocks.marketplace}/api/items/item?api_key=${keys.market}&item_id=48213`),
    () =>
      send(`${mocks.marketplace}/api/purchases/validation`, {
        method: 'POST',
        headers: form,
        body: `api_key=${keys.market}&purchase_code=8f3c2a91-5d7e-4b1a-9c60-2e4f7d8b1a35`,
      }),
  ];
}

/** Requests per second of `count` requests of the mix, `CONCURRENCY` in flight; every answer must be a 200. */
async function throughput(mix: Array<() => Promise<Response>>, count = REQUESTS): Promise<number> {
  let next = 0;
  const statuses = new Set<number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const response = await mix[next++ % mix.length]!();
        await response.arrayBuffer();
        statuses.add(response.status);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  expect([...statuses]).toEqual([200]);
  return count / seconds;
}

async function inProcess(stateful: boolean) {
  const starts: number[] = [];
  const rates: number[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    const started = performance.now();
    const mocks: RunningMocks = await startMocks(stateful ? { stateful: true } : {});
    starts.push(performance.now() - started);
    const keys = stateful
      ? { analytics: mocks.engine!.keys.analyticsKey, market: mocks.engine!.keys.marketKey }
      : { analytics: 'bench-key', market: 'bench-key' };
    const urls = { analytics: mocks.analytics!.url, marketplace: mocks.marketplace!.url };
    // A first pass warms both servers up; the second is measured.
    await throughput(requestMix(urls, keys), 120);
    rates.push(await throughput(requestMix(urls, keys)));
    await mocks.close();
  }
  return { startMs: round(median(starts)), requestsPerSecond: round(median(rates)), starts: starts.map(round) };
}

it('measures the mocks: start time and requests per second, Prism next to the stateful mock', async () => {
  const cli = { prism: [] as number[], stateful: [] as number[] };
  for (let index = 0; index < ROUNDS; index++) {
    cli.prism.push(await cliStartMs([]));
    cli.stateful.push(await cliStartMs(['--stateful']));
  }
  const prism = await inProcess(false);
  const stateful = await inProcess(true);
  const fetchRates: number[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    const mix = requestMix(
      { analytics: 'http://127.0.0.1:4010', marketplace: 'http://127.0.0.1:4011' },
      { analytics: 'demo-analytics-key', market: 'demo-market-key' },
      createMockFetch(),
    );
    fetchRates.push(await throughput(mix, REQUESTS * 2));
  }
  const report = {
    node: process.version,
    cpus: cpus().length,
    loadAverage: loadavg()[0] ?? 0,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    prism: { cliStartMs: round(median(cli.prism)), ...prism },
    stateful: { cliStartMs: round(median(cli.stateful)), ...stateful },
    mockFetchRequestsPerSecond: round(median(fetchRates)),
  };
  console.log(
    [
      `mocks (medians of ${ROUNDS} rounds, ${REQUESTS} reads of both APIs, ${CONCURRENCY} in flight, ` +
        `load average ${report.loadAverage.toFixed(1)}):`,
      `  Prism     tallyport-mock start ${report.prism.cliStartMs} ms, startMocks() ${report.prism.startMs} ms, ` +
        `${report.prism.requestsPerSecond} requests/s`,
      `  stateful  tallyport-mock --stateful start ${report.stateful.cliStartMs} ms, startMocks({ stateful: true }) ` +
        `${report.stateful.startMs} ms, ${report.stateful.requestsPerSecond} requests/s`,
      `  stateful  createMockFetch(), no HTTP: ${report.mockFetchRequestsPerSecond} requests/s`,
    ].join('\n'),
  );
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'mocks-bench.json');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
});
