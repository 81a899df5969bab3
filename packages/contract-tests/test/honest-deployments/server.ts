// Starts one honest variant as two real HTTP servers on 127.0.0.1 (the two APIs have different base addresses),
// with fresh random keys, and turns it into the tester's RunOptions. Keys are never printed.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunOptions } from '../../src/index.js';
import { DEFAULT_LIMITS } from '../../src/run/contract.js';
import { type AnalyticsState, analyticsHandler, createAnalyticsState } from './analytics.js';
import type { Choices } from './choices.js';
import { PURCHASES } from './data.js';
import { behindEdge, configureServer } from './edge.js';
import { createMarketplaceState, type MarketplaceState, marketplaceHandler } from './marketplace.js';
import { isThrottled, throttleFor } from './throttle.js';
import { VARIANTS, type VariantName } from './variants.js';

export interface HonestDeployment {
  variant: VariantName;
  choices: Choices;
  /** `{base_url}`: the analytics paths `/api/v1/...` are relative to it. */
  analyticsUrl: string;
  /** `{market_url}`: the marketplace paths `/api/...` are relative to it. */
  marketplaceUrl: string;
  analyticsKey: string;
  marketplaceKey: string;
  /** A valid marketplace key whose account has no items. */
  emptyMarketplaceKey: string;
  /** A valid purchase code of one of the key's items. */
  purchaseCode: string;
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A change to one behaviour of a deployment's app, behind its edge: how the measured faults of test/blind-faults put
 * one bug into an honest variant. Each hook gets the app's handler and its state and returns the handler to serve;
 * an honest deployment has none.
 */
export interface DeploymentHooks {
  analytics?: (app: Handler, state: AnalyticsState) => Handler;
  marketplace?: (app: Handler, state: MarketplaceState) => Handler;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

const secret = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

export async function startHonestDeployment(name: VariantName, hooks: DeploymentHooks = {}): Promise<HonestDeployment> {
  const choices = VARIANTS[name];
  if (!choices) throw new Error(`unknown honest variant: ${String(name)}`);
  const keys = { analytics: secret('ak_'), main: secret('mk_'), empty: secret('mk_') };
  // One limiter per API: a key is counted per API, as two separate deployments would count it.
  const limiter = () => throttleFor(choices);
  const analyticsState = createAnalyticsState(choices, keys.analytics, limiter());
  const marketplaceState = createMarketplaceState(choices, keys, limiter());
  const analyticsApp = hooks.analytics
    ? hooks.analytics(analyticsHandler(analyticsState), analyticsState)
    : analyticsHandler(analyticsState);
  const marketplaceApp = hooks.marketplace
    ? hooks.marketplace(marketplaceHandler(marketplaceState), marketplaceState)
    : marketplaceHandler(marketplaceState);
  const analytics = createServer(behindEdge(analyticsApp, choices, 1));
  const marketplace = createServer(behindEdge(marketplaceApp, choices, 2));
  configureServer(analytics, choices);
  configureServer(marketplace, choices);
  const [analyticsPort, marketplacePort] = await Promise.all([listen(analytics), listen(marketplace)]);
  const handed = PURCHASES.find((purchase) => purchase.label === choices.market.handedCode)!;
  return {
    variant: name,
    choices,
    analyticsUrl: `http://127.0.0.1:${analyticsPort}${choices.mountPath}`,
    marketplaceUrl: `http://127.0.0.1:${marketplacePort}`,
    analyticsKey: keys.analytics,
    marketplaceKey: keys.main,
    emptyMarketplaceKey: keys.empty,
    // A code as the buyer wrote it (choice 123): what a `_ci` column finds all the same.
    purchaseCode: choices.market.handedCodeUpper ? handed.code.toUpperCase() : handed.code,
    close: async () => {
      await Promise.all([closeServer(analytics), closeServer(marketplace)]);
    },
  };
}

/** The tester's options for a deployment: writes on, no client-side rate limit except for a throttled variant. */
export function runOptionsFor(deployment: HonestDeployment): RunOptions {
  const transport = deployment.choices.market.keyTransport;
  const throttled = isThrottled(deployment.choices);
  return {
    apis: ['analytics', 'marketplace'],
    analytics: { baseUrl: deployment.analyticsUrl, apiKey: deployment.analyticsKey },
    marketplace: {
      baseUrl: deployment.marketplaceUrl,
      apiKey: deployment.marketplaceKey,
      purchaseCode: deployment.purchaseCode,
      emptyApiKey: deployment.emptyMarketplaceKey,
      ...(transport === 'request' ? {} : { keyTransport: { header: transport.header } }),
    },
    allowWrites: true,
    // A throttled deployment is met at the pace a deployment elsewhere gets (one on this machine is not paced).
    limits: { maxRequestsPerSecond: throttled ? DEFAULT_LIMITS.maxRequestsPerSecond : 0 },
    ledgerFile: join(tmpdir(), `tallyport-honest-${deployment.variant}-${randomBytes(4).toString('hex')}.jsonl`),
  };
}
