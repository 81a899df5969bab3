// The four ways the benchmarks read the same answers, one call each: raw
// fetch (GET, then `res.json()`), plain openapi-fetch, and the client with
// response validation off and on. Shared by the throughput rounds
// (throughput.mjs) and the instruction counts (instructions.mjs), so both
// measure the very same calls. Each checks what it got, so that no variant
// can pass by doing less.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import createClient from 'openapi-fetch';

/** The loopback JSON server (loopback-server.mjs) in a child process, so its CPU is not the client's. */
export async function startServer() {
  const child = fork(new URL('./loopback-server.mjs', import.meta.url), { stdio: 'inherit' });
  const [message] = await once(child, 'message');
  return { baseUrl: `http://127.0.0.1:${message.port}`, close: () => child.kill() };
}

export const VARIANT_NAMES = ['raw', 'openapiFetch', 'client', 'validating'];

/** `rows` 0: `websites.get(42)`; otherwise a list of that many websites. */
export function makeVariants({ createAnalyticsClient, analyticsResponseValidator, baseUrl }, rows) {
  const key = 'bench-key-not-secret';
  const options = { baseUrl, apiKey: key, logLevel: 'off', maxRetries: 0, maxResponseBytes: 64 * 1024 * 1024 };
  const client = createAnalyticsClient(options);
  const validating = createAnalyticsClient({ ...options, validateResponses: analyticsResponseValidator });
  const plain = createClient({ baseUrl, headers: { Authorization: `Bearer ${key}` } });
  const headers = { Authorization: `Bearer ${key}`, Accept: 'application/json' };
  const expect = (ok) => {
    if (!ok) throw new Error('unexpected answer');
  };
  if (rows === 0) {
    const oneUrl = `${baseUrl}/api/v1/websites/42`;
    return {
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
    };
  }
  const query = { search: `rows-${rows}` };
  const listUrl = `${baseUrl}/api/v1/websites?search=rows-${rows}`;
  return {
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
  };
}

/** Runs `requests` calls, `concurrency` at a time. */
export async function drive(requests, concurrency, run) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        await run();
      }
    }),
  );
}
