import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { expect, test } from 'vitest';
import { createMarketplaceClient } from '../src/index.js';
import type { Logger, LogLevel } from '../src/index.js';
import { CANARY_KEY, fastRetry } from './helpers/canary.js';
import { useRecordingServer } from './helpers/recording-server.js';

const server = useRecordingServer();

/** A 503, then a success whose body holds the key and is longer than a log line shows. */
function replyBusyThenDone() {
  server.reply(
    { status: 503, body: { status: '错误', msg: 'busy' } },
    { body: { status: '成功', data: { purchase: { purchase_code: 'c', note: `${CANARY_KEY} ${'x'.repeat(5000)}` } } } },
  );
}

function recorded(logLevel: LogLevel) {
  const lines: { message: string; data: Record<string, unknown> | undefined }[] = [];
  const record = (message: string, data?: unknown) =>
    lines.push({ message, data: data as Record<string, unknown> | undefined });
  const logger: Logger = { error: record, warn: record, info: record, debug: record };
  const market = createMarketplaceClient({
    baseUrl: server.url,
    apiKey: CANARY_KEY,
    logger,
    logLevel,
    retry: fastRetry,
    maxRetries: 1,
  });
  return { market, lines };
}

const shown = (message: string) => message.replace(/\d+ ms\)/, 'N ms)').replace(/in \d+ ms/, 'in N ms');

/** A purchase validated through a 503 at `logLevel`: what was logged, its messages with durations as N. */
async function validatedAt(logLevel: LogLevel) {
  const { market, lines } = recorded(logLevel);
  replyBusyThenDone();
  await market.purchases.validate('code-1');
  return { lines, messages: lines.map((l) => shown(l.message)), url: `${server.url}/api/purchases/validation` };
}

test('the debug log is the one the README shows: a line per attempt, numbered, with its duration', async () => {
  const { lines, messages, url } = await validatedAt('debug');
  expect(messages).toEqual([
    `[tallyport] POST ${url} → 503 (attempt 1 of 2, N ms)`,
    `[tallyport] retrying POST ${url} in N ms (attempt 2 of 2)`,
    `[tallyport] POST ${url} → 200 (attempt 2 of 2, N ms)`,
  ]);
  expect(lines.filter((l) => l.message.includes('→')).every((l) => l.data === undefined)).toBe(true);
});

test('the trace log adds each request and answer, redacted and cut', async () => {
  const { lines, messages, url } = await validatedAt('trace');
  expect(messages).toEqual([
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

test('through console, a debug attempt is one printed line, and trace prints no null prototypes', async () => {
  const printed = (logLevel: LogLevel) => {
    let text = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk);
        done();
      },
    });
    const logger = new Console({ stdout: stream, stderr: stream });
    const market = createMarketplaceClient({ baseUrl: server.url, apiKey: CANARY_KEY, logger, logLevel });
    return { market, text: () => text };
  };
  const debug = printed('debug');
  server.reply({ body: { status: '成功', data: { purchase: { purchase_code: 'c' } } } });
  await debug.market.purchases.validate('code-1');
  expect(debug.text().trimEnd().split('\n')).toHaveLength(1);

  const trace = printed('trace');
  server.reply({ body: { status: '成功', data: { purchase: { purchase_code: 'c' } } } });
  await trace.market.purchases.validate('code-1');
  expect(trace.text()).toContain('headers');
  expect(trace.text()).not.toContain('null prototype');
  expect(trace.text()).not.toContain(CANARY_KEY);
});
