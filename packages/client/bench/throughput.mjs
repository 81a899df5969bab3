// Requests per second and CPU per request of the client against raw fetch and
// plain openapi-fetch, on the same loopback server in the same run: one
// website, and lists of 10 to 10,000 rows, with response validation off and
// on. The machine this runs on is shared and noisy (a raw-fetch baseline once
// came out twice as fast in one run as in the next), so no figure is read
// alone: every round runs each variant back to back on a short batch, in an
// order that turns from round to round, and each ratio is taken within a
// round, where drift hits both sides alike. The report is the median of those
// paired ratios over many rounds, with their spread (the middle half).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { drive, makeVariants, startServer } from './variants.mjs';

// A collection before each batch, so that no variant pays for the garbage the one before it left.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');

// Wall-clock rate, and the client process's CPU time per request (the server's is its own process's).
async function timed(requests, concurrency, run) {
  collectGarbage();
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  await drive(requests, concurrency, run);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  return { rps: requests / seconds, cpu: (used.user + used.system) / requests };
}

/** The value at quantile `q` (0 to 1) of a list of numbers. */
const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))];
};
const summary = (xs) => ({ median: quantile(xs, 0.5), low: quantile(xs, 0.25), high: quantile(xs, 0.75) });

/**
 * Runs every variant once per round, `rounds` times, turning the order each
 * round so that going first or last favours none. Per variant: the medians of
 * its rate and CPU, and, for each reference, the median and middle half of
 * the per-round ratios (speed: variant ÷ reference req/s; CPU: variant ÷
 * reference CPU per request).
 */
async function rotate(variants, { requests, rounds, concurrency, references }) {
  const names = Object.keys(variants);
  for (const run of Object.values(variants)) await timed(Math.min(200, requests * 2), concurrency, run);
  const runs = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < rounds; i++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(i + j) % names.length];
      runs[name].push(await timed(requests, concurrency, variants[name]));
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const mine = runs[name];
      const against = Object.fromEntries(
        references.map((ref) => [
          ref,
          {
            speed: summary(mine.map((r, i) => r.rps / runs[ref][i].rps)),
            cpu: summary(mine.map((r, i) => r.cpu / runs[ref][i].cpu)),
          },
        ]),
      );
      return [name, { rps: summary(mine.map((r) => r.rps)), cpu: summary(mine.map((r) => r.cpu)), against }];
    }),
  );
}

/**
 * Requests per batch for each list size: fewer for the large payloads, so that
 * a batch takes a few tens of milliseconds and a round of four a fraction of a second.
 */
export const LIST_SIZES = [
  { rows: 10, requests: 200 },
  { rows: 100, requests: 120 },
  { rows: 1000, requests: 24 },
  { rows: 10000, requests: 8 },
];

export async function measureThroughput({ rounds = 31, concurrency = 8, ...client }) {
  const server = await startServer();
  const settings = { rounds, concurrency, references: ['raw', 'openapiFetch'] };
  try {
    const single = await rotate(makeVariants({ ...client, baseUrl: server.baseUrl }, 0), {
      ...settings,
      requests: 200,
    });
    const lists = [];
    for (const { rows, requests } of LIST_SIZES) {
      const result = await rotate(makeVariants({ ...client, baseUrl: server.baseUrl }, rows), {
        ...settings,
        requests,
      });
      lists.push({ rows, requests, ...result });
    }
    return { rounds, concurrency, single, lists };
  } finally {
    server.close();
  }
}
