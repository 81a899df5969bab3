import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestTemplate } from '../src/transport/request.js';
import { secret } from '../src/spec/secrets.js';
import { SafetyGuard } from '../src/transport/safety.js';
import { NotSent, Transport } from '../src/transport/transport.js';
import { DEFAULT_LIMITS } from '../src/run/contract.js';
import { specModels } from '../src/spec/models.js';
import { type HeldTimeouts, holdTimeouts } from './held-timeouts.js';

describe('Transport', () => {
  let server: Server;
  let url: string;
  const seen: Array<{ authorization?: string; url?: string }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const reset = new Set<string>();
  // No timeout fires but that of a request the server holds: the others may take as long as a busy machine makes them.
  let timeouts: HeldTimeouts;

  beforeAll(async () => {
    timeouts = holdTimeouts();
    server = createServer((request, response) => {
      seen.push({ authorization: request.headers.authorization, url: request.url });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setImmediate(() => {
        inFlight--;
        // Never answers: its sender's time runs out now.
        if (request.url?.startsWith('/hang')) return void timeouts.fire(request.method, request.url);
        // Closes the connection under the request, as a server does to a kept-alive connection it ends.
        if (request.url?.startsWith('/reset') && !reset.has(`${request.method} ${request.url}`)) {
          reset.add(`${request.method} ${request.url}`);
          return void request.socket.destroy();
        }
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    timeouts?.restore();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const template = (path: string): RequestTemplate => ({
    api: 'analytics',
    operationId: 'listWebsites',
    method: 'GET',
    baseUrl: path.startsWith('/api') ? url : `${url}${path}`,
    path: '/api/v1/websites',
    query: [],
    headers: [['Authorization', secret('ANALYTICS_API_KEY', 'Bearer ')]],
    label: 'x',
  });
  const transport = (limits: Partial<ConstructorParameters<typeof Transport>[1]> = {}) =>
    new Transport(
      { ANALYTICS_API_KEY: 'real-key-value' },
      { ...DEFAULT_LIMITS, maxRequests: 100, maxRequestsPerSecond: 0, timeoutMs: 2000, ...limits },
      new SafetyGuard(false, 'p-', specModels),
    );

  it('sends the real key but records only the placeholder', async () => {
    const exchange = await transport().send(template('/api/v1/websites'));
    expect(seen.at(-1)?.authorization).toBe('Bearer real-key-value');
    expect(JSON.stringify(exchange)).not.toContain('real-key-value');
    expect(exchange.response?.json).toEqual({ ok: true });
  });

  it('stops at the request cap', async () => {
    const capped = transport({ maxRequests: 2 });
    await capped.send(template('/a'));
    await capped.send(template('/b'));
    const refused = capped.send(template('/c'));
    await expect(refused).rejects.toBeInstanceOf(NotSent);
    await expect(refused).rejects.toMatchObject({ reason: 'budget' });
    expect(capped.requestCount).toBe(2);
  });

  it('keeps no more requests in flight than the concurrency limit', async () => {
    maxInFlight = 0;
    const limited = transport({ concurrency: 2 });
    await Promise.all(Array.from({ length: 8 }, (_, index) => limited.send(template(`/c${index}`))));
    expect(maxInFlight).toBeLessThanOrEqual(2);
  });

  it('gives up on a request that does not answer within the timeout', async () => {
    const exchange = await transport({ timeoutMs: 200 }).send(template('/hang'));
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toBe('no response within 200 ms');
  });

  it('sends a request that may arrive twice again when its connection closed before any answer', async () => {
    const exchange = await transport().send(template('/reset-read'), { idempotent: true });
    expect(exchange.attempts).toBe(2);
    expect(exchange.response?.json).toEqual({ ok: true });
  });

  it('never sends again a request that may not arrive twice when its connection closed', async () => {
    const exchange = await transport().send(template('/reset-once'), { idempotent: false });
    expect(exchange.attempts).toBe(1);
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toBe('fetch failed: UND_ERR_SOCKET');
  });

  it('sends none of the requests waiting for their turn once the deployment counts as unavailable', async () => {
    const silent = transport({ concurrency: 2, maxConsecutiveFailures: 2 });
    const before = seen.length;
    // Three operations in turn, so that no request is refused as its own operation's stall.
    const operations = [
      ['listWebsites', '/api/v1/websites', undefined],
      ['getWebsite', '/api/v1/websites/1', { id: '1' }],
      ['getStats', '/api/v1/stats/1', { id: '1' }],
    ] as const;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) => {
        const [operationId, path, pathValues] = operations[index % 3]!;
        return silent.send({ ...template('/hang'), operationId, path, ...(pathValues ? { pathValues } : {}) });
      }),
    );
    // Two silences make it unavailable; a third request may have taken the turn the first silence freed (whether it
    // did depends on which timeout the client heard first). Every request still queued then was refused, not sent.
    const sent = seen.length - before;
    expect(sent).toBeGreaterThanOrEqual(2);
    expect(sent).toBeLessThanOrEqual(3);
    expect(silent.requestCount).toBe(sent);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused).toHaveLength(6 - sent);
    for (const outcome of refused)
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ reason: 'unavailable' });
  });

  it('sends none of the requests waiting for their turn once the cap is reached', async () => {
    const capped = transport({ concurrency: 1, maxRequests: 2 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) => capped.send(template(`/q${index}`))),
    );
    expect(capped.requestCount).toBe(2);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(3);
  });
});
