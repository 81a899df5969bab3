// Starts the fake deployment of both APIs on free 127.0.0.1 ports.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeAnalytics } from './analytics.js';
import type { FaultName } from './faults.js';
import { readRequest, sendJson } from './http.js';
import { FakeMarketplace, type ErrorStatusMode } from './marketplace.js';

export interface FakeDeploymentOptions {
  faults?: FaultName[];
  marketplaceErrors?: ErrorStatusMode;
  analyticsKey?: string;
  marketplaceKey?: string;
}

export interface FakeDeployment {
  analyticsUrl: string;
  marketplaceUrl: string;
  keys: { analytics: string; marketplace: string; emptyMarketplace: string; purchaseCode: string };
  /** Requests served, both APIs together. */
  requests(): number;
  /** Domains of every website the fake analytics deployment holds. */
  domains(): string[];
  /** Called with "METHOD /path" before each request is handled. */
  onRequest?: (line: string) => void;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export async function startFakeDeployment(options: FakeDeploymentOptions = {}): Promise<FakeDeployment> {
  const faults = new Set(options.faults ?? []);
  const keys = {
    analytics: options.analyticsKey ?? 'fake-analytics-key-2f9c81d0',
    marketplace: options.marketplaceKey ?? 'fake-marketplace-key-77ab31e4',
    emptyMarketplace: 'fake-marketplace-empty-key-0c5d19aa',
    purchaseCode: 'c0ffee00-1111-4222-8333-444455556666',
  };
  const analytics = new FakeAnalytics(keys.analytics, faults);
  const marketplace = new FakeMarketplace(
    { key: keys.marketplace, emptyKey: keys.emptyMarketplace, purchaseCode: keys.purchaseCode },
    faults,
    options.marketplaceErrors ?? 'http200',
  );
  let served = 0;
  let onRequest: ((line: string) => void) | undefined;
  const serverFor = (handler: { handle: FakeAnalytics['handle'] }) =>
    createServer((request, response) => {
      served++;
      onRequest?.(`${request.method} ${request.url?.split('?')[0]}`);
      readRequest(request)
        .then((parsed) => handler.handle(parsed, response))
        .catch((error: unknown) => sendJson(response, 500, { message: String(error) }));
    });
  const analyticsServer = serverFor(analytics);
  const marketplaceServer = serverFor(marketplace);
  const [analyticsUrl, marketplaceUrl] = await Promise.all([listen(analyticsServer), listen(marketplaceServer)]);
  return {
    analyticsUrl,
    marketplaceUrl,
    keys,
    requests: () => served,
    domains: () => analytics.domains(),
    set onRequest(listener: ((line: string) => void) | undefined) {
      onRequest = listener;
    },
    get onRequest() {
      return onRequest;
    },
    async close() {
      for (const server of [analyticsServer, marketplaceServer]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

export function runOptionsFor(fake: FakeDeployment) {
  return {
    analytics: { baseUrl: fake.analyticsUrl, apiKey: fake.keys.analytics },
    marketplace: {
      baseUrl: fake.marketplaceUrl,
      apiKey: fake.keys.marketplace,
      purchaseCode: fake.keys.purchaseCode,
      emptyApiKey: fake.keys.emptyMarketplace,
    },
    allowWrites: true,
    limits: { maxRequestsPerSecond: 0 },
  };
}
