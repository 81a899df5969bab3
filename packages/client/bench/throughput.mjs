// Requests per second of the client against raw fetch, on the same loopback
// server in the same run, in rotated rounds so drift hits every variant alike.
import { fork } from 'node:child_process';
import { once } from 'node:events';

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

export async function measureThroughput({ createAnalyticsClient, requests = 1500, rounds = 9, concurrency = 8 }) {
  const server = await startServer();
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const key = 'bench-key-not-secret';
  const client = createAnalyticsClient({ baseUrl, apiKey: key, logLevel: 'off', maxRetries: 0 });
  const url = `${baseUrl}/api/v1/websites/42`;
  const headers = { Authorization: `Bearer ${key}`, Accept: 'application/json' };
  const raw = async () => {
    const res = await fetch(url, { headers });
    const body = await res.json();
    if (!res.ok || body.data.id !== 42) throw new Error('unexpected raw answer');
  };
  // What any caller needs for a timeout: raw fetch with its own signal and timer.
  const rawWithTimeout = async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 60_000);
    try {
      const res = await fetch(url, { headers, signal: controller.signal });
      const body = await res.json();
      if (!res.ok || body.data.id !== 42) throw new Error('unexpected raw answer');
    } finally {
      clearTimeout(timer);
    }
  };
  const viaClient = async () => {
    const site = await client.websites.get(42);
    if (site.id !== 42) throw new Error('unexpected client answer');
  };
  try {
    const variants = { raw, rawWithTimeout, client: viaClient };
    for (const run of Object.values(variants)) await timed(500, concurrency, run);
    const results = { raw: [], rawWithTimeout: [], client: [] };
    // Rotate which variant goes first so warm-up and drift favour none.
    const names = Object.keys(variants);
    for (let i = 0; i < rounds; i++) {
      for (let j = 0; j < names.length; j++) {
        const name = names[(i + j) % names.length];
        results[name].push(await timed(requests, concurrency, variants[name]));
      }
    }
    const summary = Object.fromEntries(
      Object.entries(results).map(([name, rs]) => [
        name,
        { rps: median(rs.map((r) => r.rps)), cpu: median(rs.map((r) => r.cpuMicros)) },
      ]),
    );
    return {
      requests,
      rounds,
      concurrency,
      ...summary,
      ratio: summary.client.rps / summary.raw.rps,
      ratioWithTimeout: summary.client.rps / summary.rawWithTimeout.rps,
      cpuRatio: summary.raw.cpu / summary.client.cpu,
      cpuRatioWithTimeout: summary.rawWithTimeout.cpu / summary.client.cpu,
    };
  } finally {
    server.close();
  }
}
