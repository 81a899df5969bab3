import { once } from 'node:events';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, pipeline } from 'node:stream';
import { createDeflate, createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  InternalServerError,
  ResponseTooLargeError,
  TallyportError,
  UnexpectedResponseError,
  createAnalyticsClient,
  createMarketplaceClient,
  rawClient,
} from '../src/index.js';
import { CANARY_KEY } from './helpers/canary.js';
import { runtime } from './helpers/runtime.js';

// A server whose answers are produced lazily, so that gigabytes are promised
// without ever being held in memory by the test.
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end();
let baseUrl = '';
const server = createServer((req, res) => handler(req, res));
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const MiB = 1024 * 1024;
const ZEROS = Buffer.alloc(64 * 1024, 0x30);

/** `total` bytes of the digit 0, made 64 kB at a time as the reader asks for them. */
function zeros(total: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const chunk = total - sent >= ZEROS.length ? ZEROS : ZEROS.subarray(0, total - sent);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

function serve(status: number, source: () => Readable, encoding?: 'gzip' | 'deflate', length?: number) {
  handler = (req, res) => {
    req.resume();
    res.writeHead(status, {
      'content-type': 'application/json',
      ...(encoding ? { 'content-encoding': encoding } : {}),
      ...(length !== undefined ? { 'content-length': String(length) } : {}),
    });
    const body = source();
    const stages = encoding ? [body, encoding === 'gzip' ? createGzip() : createDeflate(), res] : [body, res];
    // The client hangs up once it has read enough: the pipeline then stops producing.
    pipeline(stages as unknown as [Readable, NodeJS.WritableStream], () => {});
  };
}

const analytics = (options: Record<string, unknown> = {}) =>
  createAnalyticsClient({ baseUrl, apiKey: CANARY_KEY, logLevel: 'off', maxRetries: 0, ...options });

describe('answers are read within maxResponseBytes', () => {
  test('a gzip body inflating to 2 GiB stops at the 16 MiB default with ResponseTooLargeError', async () => {
    serve(200, () => zeros(2048 * MiB), 'gzip');
    const error = await analytics()
      .websites.get(1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toBeInstanceOf(TallyportError);
    expect(error).toMatchObject({ maxResponseBytes: 16 * MiB, status: 200, method: 'GET' });
    expect((error as Error).message).toContain('maxResponseBytes');
    // Nothing like the inflated size stayed behind.
    expect(process.memoryUsage().heapUsed).toBeLessThan(1024 * MiB);
  });

  test('a deflate bomb is stopped the same way', async () => {
    serve(200, () => zeros(1024 * MiB), 'deflate');
    // Deno's fetch leaves a deflate body as it came (it decodes gzip and br only): nothing inflates, and the
    // compressed bytes are refused as an answer that is not JSON.
    const refusal = runtime === 'deno' ? UnexpectedResponseError : ResponseTooLargeError;
    await expect(analytics().websites.get(1)).rejects.toBeInstanceOf(refusal);
  });

  test('a 200 MB body streamed without a length stops at the limit', async () => {
    serve(200, () => zeros(200 * MiB));
    await expect(analytics().websites.list()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  test('a declared length over the limit is refused before the body is read', async () => {
    serve(200, () => zeros(200 * MiB), undefined, 200 * MiB);
    await expect(analytics().websites.list()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  test('the limit can be lowered or raised per request', async () => {
    serve(200, () => Readable.from([JSON.stringify({ data: { id: 7, domain: 'x'.repeat(5000) } })]));
    const client = analytics({ maxResponseBytes: 1000 });
    await expect(client.websites.get(7)).rejects.toMatchObject({ maxResponseBytes: 1000 });
    expect((await client.websites.get(7, { maxResponseBytes: 10_000 })).id).toBe(7);
    await expect(analytics().websites.get(7, { maxResponseBytes: 100 })).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  test('a 200 MB error body gives the status error with at most 4 kB of it kept', async () => {
    serve(500, () => zeros(200 * MiB));
    const error = await analytics()
      .websites.get(1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    const body = (error as InternalServerError).body;
    expect(typeof body).toBe('string');
    expect((body as string).length).toBeLessThan(4200);
    expect(JSON.stringify(error).length).toBeLessThan(8000);
  });

  test('a long JSON error body is kept as a cut text, not as the whole value', async () => {
    const long = { message: 'bad', padding: 'p'.repeat(50_000) };
    serve(400, () => Readable.from([JSON.stringify(long)]));
    const error = await analytics()
      .websites.get(1)
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('bad');
    expect(String((error as { body: unknown }).body).length).toBeLessThan(4200);
  });

  test('raw refuses a too-large answer too, and returns smaller error answers as { error }', async () => {
    serve(200, () => zeros(64 * MiB), 'gzip');
    await expect(rawClient(analytics()).GET('/api/v1/websites')).rejects.toBeInstanceOf(ResponseTooLargeError);
    serve(404, () => Readable.from(['{"message":"no"}']));
    const { error, response } = await rawClient(analytics()).GET('/api/v1/websites');
    expect(error).toEqual({ message: 'no' });
    expect(response.status).toBe(404);
  });

  test('the marketplace client has the same limit', async () => {
    serve(200, () => zeros(64 * MiB), 'gzip');
    const market = createMarketplaceClient({ baseUrl, apiKey: CANARY_KEY, maxRetries: 0, maxResponseBytes: MiB });
    await expect(market.items.list()).rejects.toMatchObject({ name: 'ResponseTooLargeError', maxResponseBytes: MiB });
  });
});
