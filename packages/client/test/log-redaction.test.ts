// The redaction promise, checked with canaries: no secret (the API key, a
// purchase code, a website password) appears in any log line at any level,
// whether it was sent in a request or echoed back in a response body, a
// header, an error message or an HTML page, in any of the forms a body may
// carry it in.
import { inspect } from 'node:util';
import { describe, expect, test } from 'vitest';
import { createAnalyticsClient, createMarketplaceClient, rawClient } from '../src/index.js';
import type { ApiKeyTransport, Logger } from '../src/index.js';
import { CANARY_KEY, fastRetry } from './helpers/canary.js';
import { type Reply, useRecordingServer } from './helpers/recording-server.js';

const server = useRecordingServer();

const PURCHASE_CODE = 'pc-canary-5f1e9a77-4c2b-do-not-log';
const PASSWORD = 'pw-canary-harbour-lantern-91';
const SECRETS = [CANARY_KEY, PURCHASE_CODE, PASSWORD];

/** The forms a secret takes inside bodies and URLs. */
const formsOf = (secret: string) => [
  secret,
  encodeURIComponent(secret),
  JSON.stringify(secret).slice(1, -1),
  btoa(secret).slice(4, 16),
];

function capture(): { logger: Logger; text: () => string; levels: Set<string> } {
  const lines: string[] = [];
  const levels = new Set<string>();
  const at =
    (level: string) =>
    (message: string, ...data: unknown[]) => {
      levels.add(level);
      lines.push([message, ...data.map((d) => inspect(d, { depth: 20, showHidden: true }))].join(' '));
    };
  return {
    logger: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') },
    text: () => lines.join('\n'),
    levels,
  };
}

function expectNoSecret(text: string) {
  for (const secret of SECRETS) for (const form of formsOf(secret)) expect(text).not.toContain(form);
}

/** Answers that echo every secret the request carried, in every way a deployment might. */
function echoes(request: { body: string; query: URLSearchParams }): Reply[] {
  const sent = new URLSearchParams(request.body);
  const code = sent.get('purchase_code') ?? PURCHASE_CODE;
  const key = sent.get('api_key') ?? request.query.get('api_key') ?? CANARY_KEY;
  const all = `${code} ${key}`;
  return [
    { status: 503, body: { status: '错误', msg: `busy: ${all}`, purchase_code: code, echo: { api_key: key } } },
    { status: 200, body: { status: '错误', msg: `购买代码 ${code} 无效`, detail: encodeURIComponent(all) } },
    { status: 502, headers: { 'content-type': 'text/html', 'x-echo': code }, body: `<p>${all}</p>` },
    { status: 200, body: { status: '成功', data: { purchase: { purchase_code: code, note: btoa(all) } } } },
  ];
}

describe('no secret in any log line, at any level', () => {
  const transports: ApiKeyTransport[] = ['spec', 'query', 'form', { header: 'X-Api-Key' }];
  for (const transport of transports) {
    test(`purchases.validate with transport ${JSON.stringify(transport)}: both ways, retries, errors`, async () => {
      const logs = capture();
      const market = createMarketplaceClient({
        baseUrl: server.url,
        apiKey: CANARY_KEY,
        apiKeyTransport: transport,
        logger: logs.logger,
        logLevel: 'trace',
        maxRetries: 3,
        retry: fastRetry,
      });
      // Each attempt gets the next echo, the last one a success that echoes too.
      server.reply((request, index) => echoes(request)[Math.min(index, 3)] as Reply);
      const purchase = await market.purchases.validate(PURCHASE_CODE).catch((e: unknown) => e);
      server.requests.length = 0;
      server.reply((request) => echoes(request)[1] as Reply);
      const refusal = await market.purchases.validate(PURCHASE_CODE).catch((e: unknown) => e);
      expect(logs.levels).toEqual(new Set(['debug', 'info']));
      expectNoSecret(logs.text());
      expectNoSecret(inspect([purchase, refusal], { depth: 20, showHidden: true }));
      expect(logs.text()).toContain('[REDACTED]');
    });
  }

  test('a website password sent on create and echoed back is never logged', async () => {
    const logs = capture();
    const analytics = createAnalyticsClient({
      baseUrl: server.url,
      apiKey: CANARY_KEY,
      logger: logs.logger,
      logLevel: 'trace',
      retry: fastRetry,
    });
    server.reply(
      { status: 422, body: { message: `password ${PASSWORD} is too weak`, errors: { password: [PASSWORD] } } },
      { body: { data: { id: 7, password: PASSWORD, note: `saved ${PASSWORD}` } } },
    );
    const error = await analytics.websites
      .create({ domain: 'a.example', privacy: 2, password: PASSWORD })
      .catch((e) => e);
    const site = await analytics.websites.create({ domain: 'a.example', privacy: 2, password: PASSWORD });
    expect(site.id).toBe(7);
    expectNoSecret(logs.text());
    expectNoSecret(inspect(error, { depth: 20, showHidden: true }));
    expect(logs.text()).toContain('password=[REDACTED]');
  });

  test('a purchase code sent through rawClient and echoed back is never logged', async () => {
    const logs = capture();
    const market = createMarketplaceClient({
      baseUrl: server.url,
      apiKey: CANARY_KEY,
      logger: logs.logger,
      logLevel: 'trace',
      maxRetries: 3,
      retry: fastRetry,
    });
    // A path-level POST is not retried: each call gets the next echo, an error status, then a refusal.
    server.reply((request, index) => echoes(request)[index] as Reply);
    const raw = rawClient(market);
    for (const status of [503, 200, 502]) {
      const { response } = await raw.POST('/api/purchases/validation', {
        body: { purchase_code: PURCHASE_CODE } as never,
      });
      expect(response.status).toBe(status);
    }
    expect(logs.levels).toEqual(new Set(['debug']));
    expectNoSecret(logs.text());
    expect(logs.text()).toContain('purchase_code=[REDACTED]');
  });
});
