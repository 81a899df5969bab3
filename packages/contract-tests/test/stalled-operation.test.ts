// A deployment behind a proxy that never answers one operation and answers
// every other, one operation at a time: the stalled operation is a verdict of
// its own (no-answer, with a curl per request), every other operation is still
// judged and reported, and the run exits 1, not 2. Only a deployment that
// answers nothing is a connectivity problem.
// The proxy holds each request of the stalled operation and fires that
// request's timeout (held-timeouts.ts); no other request has one that fires,
// so however busy the machine, only the operation named goes unanswered.
// `pnpm test` stalls the operations test/tiers.ts names; CI's `pnpm test:deployments` the others.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMocks, startMocks } from '../src/run/mocks.js';
import { DEFAULT_LIMITS, type RunOptions, runContract } from '../src/run/contract.js';
import { STALL_AFTER } from '../src/transport/silence.js';
import { API_NAMES, type ApiName, specModels } from '../src/spec/models.js';
import { type HeldTimeouts, holdTimeouts } from './held-timeouts.js';
import { type HoldingProxy, pathOf, startHoldingProxy } from './holding-proxy.js';
import { casesOfThisTierNamed, runsTestsBesideTheSweep } from './tier-cases.js';
import { REPRESENTATIVES } from './tiers.js';

/** Requests a server held, and those whose timeout could not be fired (none expected). */
interface Holds {
  held: number;
  unfired: string[];
}

interface Proxy extends Holds {
  url: string;
  /** The operation whose requests hang from now on (none: every request is passed on); the holds start again. */
  stall(operationId: string | undefined): void;
  close(): Promise<void>;
}

let timeouts: HeldTimeouts;

/** Holds a request for good, and lets its sender's time run out now. */
function hold(holds: Holds, request: IncomingMessage): void {
  holds.held++;
  if (!timeouts.fire(request.method, request.url)) holds.unfired.push(`${request.method} ${request.url}`);
}

/** A pattern of an operation's path template: `/api/v1/websites/{id}` → `^/api/v1/websites/[^/]+$`. */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`);

async function startProxy(api: ApiName, target: string): Promise<Proxy> {
  const holds: Holds = { held: 0, unfired: [] };
  const holding: HoldingProxy = await startHoldingProxy(target, (request) => hold(holds, request));
  return Object.assign(holds, {
    url: holding.url,
    stall(operationId: string | undefined) {
      const operation = specModels[api].operations.find((candidate) => candidate.id === operationId);
      const path = operation && pathPattern(operation.path);
      holding.holdWhen(path && ((request) => request.method === operation.method && path.test(pathOf(request))));
      holds.held = 0;
      holds.unfired = [];
    },
    close: holding.close,
  });
}

let mocks: RunningMocks;
const proxies = {} as Record<ApiName, Proxy>;

beforeAll(async () => {
  timeouts = holdTimeouts();
  mocks = await startMocks({ stateful: true });
  for (const api of API_NAMES) proxies[api] = await startProxy(api, mocks[api]!.url);
});
afterAll(async () => {
  timeouts?.restore();
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
    limits: { maxRequestsPerSecond: 0 },
  };
}

const operations = API_NAMES.flatMap((api) =>
  specModels[api].operations.map((operation): [ApiName, string] => [api, operation.id]),
);
const title = '%s %s: that operation fails as no-answer, the others are judged, exit 1';
const stalledOperations = casesOfThisTierNamed(
  title,
  operations,
  ([api, operationId]) => `${api} ${operationId}`,
  REPRESENTATIVES.stalledOperations,
);

describe('a proxy that never answers one operation', () => {
  it.each(stalledOperations)(title, async (api, operationId) => {
    proxies[api].stall(operationId);
    const result = await runContract(optionsFor(api));
    const { held, unfired } = proxies[api];
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
      expect(entry.actual).toContain(`no response within ${DEFAULT_LIMITS.timeoutMs} ms`);
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
    // Every request held was one of the stalled operation's, and its timeout fired as the proxy held it.
    expect(unfired).toEqual([]);
    // At most a few requests waited out their timeout; the rest of the operation's were not sent: two in a row
    // stall it, the others then in flight still wait (one slot each), and cleanup deletes what it can.
    const inFlight = DEFAULT_LIMITS.concurrency - 1;
    expect(held).toBeGreaterThanOrEqual(STALL_AFTER);
    expect(held).toBeLessThanOrEqual(STALL_AFTER + inFlight + outcome!.leftovers.length);
  });

  const silentTitle =
    'a deployment that answers nothing is a connectivity problem (exit 2), found within a few timeouts';
  // No operation of the sweep: in `pnpm test` only, so it too runs in one tier.
  if (runsTestsBesideTheSweep())
    it(silentTitle, async () => {
      const holds: Holds = { held: 0, unfired: [] };
      const silent = createServer((request) => hold(holds, request));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const result = await runContract({
        apis: ['marketplace'],
        marketplace: { baseUrl: url, apiKey: 'k-silent-0000' },
        limits: { maxRequestsPerSecond: 0 },
      });
      silent.closeAllConnections();
      silent.close();
      expect(result.exitCode).toBe(2);
      expect(result.apis[0]?.configError).toMatch(/no answer/);
      // Every request sent waited out its timeout, and no more were sent than it takes to tell a silent deployment.
      expect(holds.unfired).toEqual([]);
      expect(holds.held).toBe(result.requestCount);
      expect(result.requestCount).toBeLessThanOrEqual(
        DEFAULT_LIMITS.maxConsecutiveFailures + DEFAULT_LIMITS.concurrency - 1,
      );
    });
});
