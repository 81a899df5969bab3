// Requests per second and CPU per request of the client against raw fetch and
// plain openapi-fetch, on the same loopback server in the same run, in rotated
// rounds so that drift hits every variant alike: one website, and lists of
// 10 to 10,000 rows with response validation off and on.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import createClient from 'openapi-fetch';

async function startServer() {
  const child = fork(new URL('./loopback-server.mjs', import.meta.url), { stdio: 'inherit' });
  const [message] = await once(child, 'message');
  return { port: message.port, close: () => child.kill() };
}

// Wall-clock rate, and process CPU time per request (less sensitive to other
// load on the machine than the rate is).
async function timed(requests, concurrency, run) {
  let next = 0;
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        await run();
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  return { rps: requests / seconds, cpuMicros: (used.user + used.system) / requests };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function rotate(variants, requests, rounds, concurrency) {
  const names = Object.keys(variants);
  for (const run of Object.values(variants)) await timed(Math.min(200, requests), concurrency, run);
  const results = Object.fromEntries(names.map((name) => [name, []]));
  // Rotate which variant goes first so warm-up and drift favour none.
  for (let i = 0; i < rounds; i++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(i + j) % names.length];
      results[name].push(await timed(requests, concurrency, variants[name]));
    }
  }
  return Object.fromEntries(
    Object.entries(results).map(([name, rs]) => [
      name,
      { rps: median(rs.map((r) => r.rps)), cpu: median(rs.map((r) => r.cpuMicros)) },
    ]),
  );
}

/** Requests per round for each list size: fewer for the large payloads, so every size takes a few seconds. */
export const LIST_SIZES = [
  { rows: 10, requests: 1000 },
  { rows: 100, requests: 500 },
  { rows: 1000, requests: 100 },
  { rows: 10000, requests: 16 },
];

export async function measureThroughput({
  createAnalyticsClient,
  analyticsResponseValidator,
  rounds = 7,
  concurrency = 8,
}) {
  const server = await startServer();
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const key = 'bench-key-not-secret';
  const options = { baseUrl, apiKey: key, logLevel: 'off', maxRetries: 0, maxResponseBytes: 64 * 1024 * 1024 };
  const client = createAnalyticsClient(options);
  const validating = createAnalyticsClient({ ...options, validateResponses: analyticsResponseValidator });
  const plain = createClient({ baseUrl, headers: { Authorization: `Bearer ${key}` } });
  const headers = { Authorization: `Bearer ${key}`, Accept: 'application/json' };
  const expect = (ok) => {
    if (!ok) throw new Error('unexpected answer');
  };
  try {
    const oneUrl = `${baseUrl}/api/v1/websites/42`;
    const single = await rotate(
      {
        raw: async () => {
          const res = await fetch(oneUrl, { headers });
          expect(res.ok && (await res.json()).data.id === 42);
        },
        openapiFetch: async () => {
          const { data } = await plain.GET('/api/v1/websites/{id}', { params: { path: { id: 42 } } });
          expect(data.data.id === 42);
        },
        client: async () => expect((await client.websites.get(42)).id === 42),
        validating: async () => expect((await validating.websites.get(42)).id === 42),
      },
      1500,
      rounds,
      concurrency,
    );
    const lists = [];
    for (const { rows, requests } of LIST_SIZES) {
      const query = { search: `rows-${rows}` };
      const listUrl = `${baseUrl}/api/v1/websites?search=rows-${rows}`;
      const result = await rotate(
        {
          raw: async () => {
            const res = await fetch(listUrl, { headers });
            expect(res.ok && (await res.json()).length === rows);
          },
          openapiFetch: async () => {
            const { data } = await plain.GET('/api/v1/websites', { params: { query } });
            expect(data.length === rows);
          },
          client: async () => expect((await client.websites.list(query)).length === rows),
          validating: async () => expect((await validating.websites.list(query)).length === rows),
        },
        requests,
        rounds,
        concurrency,
      );
      lists.push({ rows, requests, ...result });
    }
    return { rounds, concurrency, single, lists };
  } finally {
    server.close();
  }
}
