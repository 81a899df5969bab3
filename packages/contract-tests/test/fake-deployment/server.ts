// The entry point of the fake deployment: both APIs on free 127.0.0.1 ports,
// in one honest variant, with single faults or hostile behaviours switched on,
// and a log of every request so tests can tell what a run did.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { FakeAnalytics } from './analytics.js';
import type { FaultName } from './faults.js';
import { type HostileName, hostileReply, sendGzipBomb, sendHugeBody, stormReply } from './hostile.js';
import { type FakeRequest, type Reply, readRequest, writeReply } from './http.js';
import { FakeMarketplace } from './marketplace.js';
import { type VariantName, variantNamed } from './variants.js';

export type { FaultName } from './faults.js';
export type { HostileName } from './hostile.js';
export type { FakeRequest, Reply } from './http.js';
export type { VariantName } from './variants.js';

export interface FakeDeploymentOptions {
  /** Default 'laravel'. */
  variant?: VariantName;
  faults?: FaultName[];
  hostile?: HostileName[];
  analyticsKey?: string;
  marketplaceKey?: string;
  /** The marketplace reads its key from this header only. */
  marketplaceKeyHeader?: string;
  /** With `marketplaceKeyHeader`: only this path reads the key from the header (`/api/purchases/validation`). */
  marketplaceKeyHeaderPath?: string;
  /** A test's own change to each reply, made last (the fault-injection runs put hostile answers in). */
  reshape?: (reply: Reply, request: FakeRequest, api: 'analytics' | 'marketplace') => Reply;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  body: string;
  at: number;
}

export interface FakeDeployment {
  analyticsUrl: string;
  marketplaceUrl: string;
  keys: { analytics: string; marketplace: string; emptyMarketplace: string; purchaseCode: string };
  /** Requests received, both APIs together. */
  requests(): number;
  /** Every request received, both APIs, in order. */
  log(): LoggedRequest[];
  /** A snapshot of the analytics websites. */
  websites(): Array<Record<string, unknown>>;
  domains(): string[];
  /** Switches the hostile behaviours from the next request on (none: an honest deployment again). */
  behave(hostile: HostileName[]): void;
  /** Called with "METHOD /path" before each request is handled. */
  onRequest?: (line: string) => void;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

const bearerOf = (request: FakeRequest): string | null =>
  /^bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() ?? null;

export async function startFakeDeployment(options: FakeDeploymentOptions = {}): Promise<FakeDeployment> {
  const faults = new Set(options.faults ?? []);
  const hostile = new Set(options.hostile ?? []);
  const variant = variantNamed(options.variant ?? 'laravel');
  const keys = {
    analytics: options.analyticsKey ?? 'fake-analytics-key-2f9c81d0',
    marketplace: options.marketplaceKey ?? 'fake-marketplace-key-77ab31e4',
    emptyMarketplace: 'fake-marketplace-empty-key-0c5d19aa',
    purchaseCode: 'c0ffee00-1111-4222-8333-444455556666',
  };
  const analytics = new FakeAnalytics({ key: keys.analytics, faults, hostile, variant });
  const marketplace = new FakeMarketplace(
    {
      key: keys.marketplace,
      emptyKey: keys.emptyMarketplace,
      purchaseCode: keys.purchaseCode,
      ...(options.marketplaceKeyHeader ? { header: options.marketplaceKeyHeader } : {}),
      ...(options.marketplaceKeyHeaderPath ? { headerPath: options.marketplaceKeyHeaderPath } : {}),
    },
    faults,
    variant,
  );
  const log: LoggedRequest[] = [];
  let answered = 0;
  let onRequest: ((line: string) => void) | undefined;
  const sockets = new Set<Socket>();

  async function serve(api: 'analytics' | 'marketplace', request: FakeRequest, response: ServerResponse) {
    // Stalled requests hang until the client gives up or close() destroys the socket.
    if (hostile.has('stall-after-first') && answered > 0) return;
    answered++;
    const storm = stormReply(hostile);
    if (storm) return writeReply(response, storm);
    const isList = api === 'analytics' && request.method === 'GET' && /^\/api\/v1\/websites\/?$/.test(request.path);
    if (isList && hostile.has('huge-body')) return sendHugeBody(response);
    if (isList && hostile.has('gzip-bomb')) return sendGzipBomb(response);
    let reply: Reply;
    try {
      reply = api === 'analytics' ? analytics.handle(request) : marketplace.handle(request);
    } catch (error) {
      reply = { status: 500, body: { message: `Server Error: ${String(error)}` } };
    }
    const key = api === 'analytics' ? bearerOf(request) : marketplace.keyOf(request);
    const searched = !!request.query.get('search');
    const hostileAnswer = hostileReply(hostile, reply, { key, isList, searched });
    writeReply(response, options.reshape ? options.reshape(hostileAnswer, request, api) : hostileAnswer);
  }

  const serverFor = (api: 'analytics' | 'marketplace') => {
    const server = createServer((request, response) => {
      onRequest?.(`${request.method} ${(request.url ?? '/').split('?')[0]}`);
      readRequest(request)
        .then((parsed) => {
          log.push({
            method: parsed.method,
            path: parsed.path,
            query: parsed.rawQuery,
            body: parsed.rawBody,
            at: Date.now(),
          });
          return serve(api, parsed, response);
        })
        .catch(() => {
          if (!response.headersSent) writeReply(response, { status: 500, body: { message: 'Server Error' } });
          else response.destroy();
        });
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return server;
  };
  const analyticsServer = serverFor('analytics');
  const marketplaceServer = serverFor('marketplace');
  const [analyticsUrl, marketplaceUrl] = await Promise.all([listen(analyticsServer), listen(marketplaceServer)]);

  return {
    analyticsUrl,
    marketplaceUrl,
    keys,
    requests: () => log.length,
    log: () => log.map((entry) => ({ ...entry })),
    websites: () => analytics.websites(),
    domains: () => analytics.websites().map((website) => String(website.domain)),
    behave(next) {
      // The APIs hold this very set, so the switch reaches them too.
      hostile.clear();
      for (const name of next) hostile.add(name);
    },
    set onRequest(listener: ((line: string) => void) | undefined) {
      onRequest = listener;
    },
    get onRequest() {
      return onRequest;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(
        [analyticsServer, marketplaceServer].map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
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
    allowWrites: true as const,
    limits: { maxRequestsPerSecond: 0 },
  };
}
