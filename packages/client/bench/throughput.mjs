// Requests per second of the client against raw fetch, on the same loopback
// server in the same process, interleaved in rounds so drift hits both alike.
import { once } from 'node:events';
import { createServer } from 'node:http';

const BODY = JSON.stringify({ data: { id: 42, domain: 'shop.lunaria.cn', privacy: 1, email: 0, exclude_bots: 1, exclude_params: null, exclude_ips: null } });

async function startServer() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) });
      res.end(BODY);
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
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
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  const key = 'bench-key-not-secret';
  const client = createAnalyticsClient({ baseUrl, apiKey: key, logLevel: 'off', maxRetries: 0 });
  const url = `${baseUrl}/api/v1/websites/42`;
  const headers = { Authorization: `Bearer ${key}`, Accept: 'application/json' };
  const raw = async () => {
    const res = await fetch(url, { headers });
    const body = await res.json();
    if (!res.ok || body.data.id !== 42) throw new Error('unexpected raw answer');
  };
  const viaClient = async () => {
    const site = await client.websites.get(42);
    if (site.id !== 42) throw new Error('unexpected client answer');
  };
  try {
    await timed(500, concurrency, raw);
    await timed(500, concurrency, viaClient);
    const rawRates = [];
    const clientRates = [];
    // Alternate which side goes first so warm-up and drift favour neither.
    for (let i = 0; i < rounds; i++) {
      if (i % 2 === 0) {
        rawRates.push(await timed(requests, concurrency, raw));
        clientRates.push(await timed(requests, concurrency, viaClient));
      } else {
        clientRates.push(await timed(requests, concurrency, viaClient));
        rawRates.push(await timed(requests, concurrency, raw));
      }
    }
    const rawRps = median(rawRates.map((r) => r.rps));
    const clientRps = median(clientRates.map((r) => r.rps));
    const rawCpu = median(rawRates.map((r) => r.cpuMicros));
    const clientCpu = median(clientRates.map((r) => r.cpuMicros));
    return { requests, rounds, concurrency, rawRps, clientRps, ratio: clientRps / rawRps, rawCpu, clientCpu, cpuRatio: rawCpu / clientCpu };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
