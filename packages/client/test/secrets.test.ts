import { inspect } from 'node:util';
import { describe, expect, test } from 'vitest';
import { TallyportError, createAnalyticsClient, createMarketplaceClient } from '../src/index.js';
import type { ApiKeyTransport, Logger } from '../src/index.js';
import { CANARY_KEY, fastRetry } from './helpers/canary.js';
import { type Reply, useRecordingServer } from './helpers/recording-server.js';

const server = useRecordingServer();

function captureLogs(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const record = (message: string, ...data: unknown[]) =>
    lines.push([message, ...data.map((d) => inspect(d, { depth: 10 }))].join(' '));
  return { logger: { error: record, warn: record, info: record, debug: record }, lines };
}

/** Every way an error can be shown: the key must appear in none. */
function everyRendering(error: unknown): string {
  const e = error as Error;
  return [e.message, String(e), JSON.stringify(e), inspect(e, { depth: 10, showHidden: true }), e.stack ?? ''].join(
    '\n',
  );
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
}

const ECHO_KEY_PAGE = `<html>Invalid key ${CANARY_KEY}</html>`;
const transports: ApiKeyTransport[] = ['spec', 'query', 'form', { header: 'X-Api-Key' }];

describe('the key never leaks', () => {
  test('analytics errors of every kind, and trace logs (the most), never contain the key', async () => {
    const { logger, lines } = captureLogs();
    const analytics = createAnalyticsClient({
      baseUrl: server.url,
      apiKey: CANARY_KEY,
      logger,
      logLevel: 'trace',
      retry: fastRetry,
      maxRetries: 1,
    });
    const scenarios: Reply[] = [
      { status: 401, body: { message: `bad key ${CANARY_KEY}`, key: CANARY_KEY } },
      { status: 422, body: { message: 'invalid', errors: { api_key: [CANARY_KEY] } } },
      { status: 500, body: { message: `echo Bearer ${CANARY_KEY}` } },
      { status: 200, headers: { 'content-type': 'text/html' }, body: ECHO_KEY_PAGE },
      { status: 302, headers: { location: `/login?api_key=${CANARY_KEY}` }, body: '' },
      { destroy: true },
    ];
    for (const reply of scenarios) {
      server.reply(reply);
      const error = await failure(() => analytics.websites.list({ search: 'x' }));
      expect(error).toBeInstanceOf(TallyportError);
      expect(everyRendering(error)).not.toContain(CANARY_KEY);
    }
    server.reply({ hang: true });
    expect(
      everyRendering(await failure(() => analytics.websites.get(1, { timeout: 50, maxRetries: 0 }))),
    ).not.toContain(CANARY_KEY);
    server.reply({ body: { data: { id: 1 } } });
    await analytics.websites.create({ domain: 'a.example' });
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.join('\n')).not.toContain(CANARY_KEY);
    expect(lines.join('\n')).toContain('[REDACTED]');
  });

  for (const transport of transports) {
    const name = `marketplace errors and trace logs with transport ${JSON.stringify(transport)} never contain the key`;
    test(name, async () => {
      const { logger, lines } = captureLogs();
      const market = createMarketplaceClient({
        baseUrl: server.url,
        apiKey: CANARY_KEY,
        apiKeyTransport: transport,
        logger,
        logLevel: 'trace',
        retry: fastRetry,
        maxRetries: 1,
      });
      const scenarios: Reply[] = [
        { status: 200, body: { status: '错误', msg: `密钥 ${CANARY_KEY} 无效` } },
        { status: 403, body: { status: '错误', msg: '无效请求', echo: { api_key: CANARY_KEY } } },
        { status: 502, headers: { 'content-type': 'text/html' }, body: ECHO_KEY_PAGE },
        { status: 200, body: { unexpected: CANARY_KEY } },
        { destroy: true },
      ];
      for (const reply of scenarios) {
        server.reply(reply);
        for (const run of [() => market.items.list(), () => market.purchases.validate('code')]) {
          const error = await failure(run);
          expect(error).toBeInstanceOf(TallyportError);
          expect(everyRendering(error)).not.toContain(CANARY_KEY);
        }
      }
      expect(lines.join('\n')).not.toContain(CANARY_KEY);
      expect(lines.join('\n')).toContain('[REDACTED]');
    });
  }

  test('the client objects themselves do not expose the key', async () => {
    const analytics = createAnalyticsClient({ baseUrl: server.url, apiKey: CANARY_KEY });
    const market = createMarketplaceClient({ baseUrl: server.url, apiKey: CANARY_KEY });
    for (const c of [analytics, market]) {
      expect(inspect(c, { depth: 10, showHidden: true })).not.toContain(CANARY_KEY);
      expect(JSON.stringify(c) ?? '').not.toContain(CANARY_KEY);
    }
  });

  test('a URL-encoded form of the key is redacted too', async () => {
    const key = 'k+y/with spaces&=';
    server.reply({
      status: 400,
      body: { message: `got ${encodeURIComponent(key)} and ${new URLSearchParams({ k: key }).toString()}` },
    });
    const market = createMarketplaceClient({ baseUrl: server.url, apiKey: key, maxRetries: 0 });
    const error = await failure(() => market.items.list());
    const shown = everyRendering(error);
    expect(shown).not.toContain(encodeURIComponent(key));
    expect(shown).not.toContain(new URLSearchParams({ k: key }).toString().slice(2));
  });
});
