// A deployment behind a proxy that never answers one operation and answers
// every other, one operation at a time: the stalled operation is a verdict of
// its own (no-answer, with a curl per request), every other operation is still
// judged and reported, and the run exits 1, not 2. Only a deployment that
// answers nothing is a connectivity problem.
import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMocks, startMocks } from '../src/run/mocks.js';
import { type RunOptions, runContract } from '../src/run/contract.js';
import { API_NAMES, type ApiName, specModels } from '../src/spec/models.js';

interface Proxy {
  url: string;
  /** The operation whose requests hang from now on (none: every request is passed on). */
  stall(operationId: string | undefined): void;
  close(): Promise<void>;
}

/** A pattern of an operation's path template: `/api/v1/websites/{id}` → `^/api/v1/websites/[^/]+$`. */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`);

async function startProxy(api: ApiName, target: string): Promise<Proxy> {
  let stalled: { method: string; path: RegExp } | undefined;
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (stalled && request.method === stalled.method && stalled.path.test(path)) return; // never answers
    const out = forward(new URL(request.url ?? '/', target), { method: request.method, headers: request.headers });
    out.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    out.on('error', () => response.destroy());
    request.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stall(operationId) {
      const operation = specModels[api].operations.find((candidate) => candidate.id === operationId);
      stalled = operation ? { method: operation.method, path: pathPattern(operation.path) } : undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let mocks: RunningMocks;
const proxies = {} as Record<ApiName, Proxy>;

beforeAll(async () => {
  mocks = await startMocks({ stateful: true });
  for (const api of API_NAMES) proxies[api] = await startProxy(api, mocks[api]!.url);
});
afterAll(async () => {
  await Promise.all(API_NAMES.map((api) => proxies[api]?.close()));
  await mocks?.close();
});

function optionsFor(api: ApiName): RunOptions {
  const engine = mocks.engine!;
  const keys = engine.keys;
  return {
    apis: [api],
    ...(api === 'analytics'
      ? { analytics: { baseUrl: proxies.analytics.url, apiKey: keys.analyticsKey } }
      : {
          marketplace: {
            baseUrl: proxies.marketplace.url,
            apiKey: keys.marketKey,
            emptyApiKey: keys.emptyKey,
            purchaseCode: engine.knownValues()[0]!.value,
          },
        }),
    allowWrites: true,
    limits: { maxRequestsPerSecond: 0, timeoutMs: 300 },
  };
}

const operations = API_NAMES.flatMap((api) => specModels[api].operations.map((operation) => [api, operation.id]));

describe('a proxy that never answers one operation', () => {
  it.each(operations as Array<[ApiName, string]>)(
    '%s %s: that operation fails as no-answer, the others are judged, exit 1',
    async (api, operationId) => {
      proxies[api].stall(operationId);
      const result = await runContract(optionsFor(api));
      proxies[api].stall(undefined);
      const [outcome] = result.apis;
      expect(outcome?.configError).toBeUndefined();
      expect(result.exitCode).toBe(1);

      const serverErrors = outcome!.checks.find((check) => check.check === 'not_a_server_error')!;
      const silent = serverErrors.cases.filter((entry) => entry.status === 'fail' && entry.kind === 'no-answer');
      expect(silent.length).toBeGreaterThan(0);
      for (const entry of silent) {
        if (entry.status !== 'fail') continue;
        expect(entry.operationId).toBe(operationId);
        expect(entry.actual).toContain('no response within 300 ms');
        expect(entry.curl).toMatch(/^curl /);
      }
      // Every other operation got answers that were judged.
      const judged = new Set(
        result.apis[0]!.checks.flatMap((check) =>
          check.cases.flatMap((entry) => (entry.status === 'pass' ? [entry.title.split(' ')[0]] : [])),
        ),
      );
      const others = specModels[api].operations.filter((operation) => operation.id !== operationId);
      expect(others.filter((operation) => judged.has(operation.id)).length).toBeGreaterThan(0);
      expect(outcome!.checks.length).toBeGreaterThan(5);
      // At most a few requests waited out their timeout; the rest of the operation's were not sent.
      expect(result.durationMs).toBeLessThan(20_000);
    },
    30_000,
  );

  it('a deployment that answers nothing is a connectivity problem (exit 2), found within a few timeouts', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const result = await runContract({
      apis: ['marketplace'],
      marketplace: { baseUrl: url, apiKey: 'k-silent-0000' },
      limits: { maxRequestsPerSecond: 0, timeoutMs: 200 },
    });
    silent.closeAllConnections();
    silent.close();
    expect(result.exitCode).toBe(2);
    expect(result.apis[0]?.configError).toMatch(/no answer/);
    expect(result.durationMs).toBeLessThan(5_000);
  });
});
