import { inspect } from 'node:util';
import { expect, test } from 'vitest';
import { createMarketplaceClient } from '../src/index.js';
import type { Logger } from '../src/index.js';
import { CANARY_KEY, fastRetry } from './helpers/canary.js';
import { useRecordingServer } from './helpers/recording-server.js';

const server = useRecordingServer();

test('the debug log is the one the README shows: numbered attempts, duration, redacted and cut bodies', async () => {
  const lines: { message: string; data: Record<string, unknown> | undefined }[] = [];
  const record = (message: string, data?: unknown) =>
    lines.push({ message, data: data as Record<string, unknown> | undefined });
  const logger: Logger = { error: record, warn: record, info: record, debug: record };
  const market = createMarketplaceClient({
    baseUrl: server.url,
    apiKey: CANARY_KEY,
    logger,
    logLevel: 'debug',
    retry: fastRetry,
    maxRetries: 1,
  });
  server.reply(
    { status: 503, body: { status: '错误', msg: 'busy' } },
    { body: { status: '成功', data: { purchase: { purchase_code: 'c', note: `${CANARY_KEY} ${'x'.repeat(5000)}` } } } },
  );
  await market.purchases.validate('code-1');
  const url = `${server.url}/api/purchases/validation`;
  expect(lines.map((l) => l.message.replace(/\d+ ms\)/, 'N ms)').replace(/in \d+ ms/, 'in N ms'))).toEqual([
    `[tallyport] request POST ${url} (attempt 1 of 2)`,
    `[tallyport] response 503 POST ${url} (attempt 1 of 2, N ms)`,
    `[tallyport] retrying POST ${url} in N ms (attempt 2 of 2)`,
    `[tallyport] request POST ${url} (attempt 2 of 2)`,
    `[tallyport] response 200 POST ${url} (attempt 2 of 2, N ms)`,
  ]);
  expect(lines[0]?.data?.body).toBe('purchase_code=[REDACTED]&api_key=[REDACTED]');
  const body = String(lines[4]?.data?.body);
  expect(body).toContain('[REDACTED]');
  expect(body).toMatch(/… \(\d+ chars\)$/);
  expect(body.length).toBeLessThan(1100);
  expect(lines.map((l) => inspect(l, { depth: 5 })).join()).not.toContain(CANARY_KEY);
});
