import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BodyTooLarge, HEAD_BYTES, readCapped, readCappedText } from '../src/index.js';

const streamed = (...chunks: string[]) =>
  new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
  );

async function tooLarge(read: Promise<string>): Promise<BodyTooLarge> {
  const error = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BodyTooLarge);
  return error as BodyTooLarge;
}

describe('a body within the cap', () => {
  test('is read whole, across chunks and multi-byte characters', async () => {
    const text = '{"msg":"购买代码无效"}';
    const bytes = new TextEncoder().encode(text);
    const response = new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(bytes.subarray(0, 12));
          controller.enqueue(bytes.subarray(12));
          controller.close();
        },
      }),
    );
    expect(await readCappedText(response, bytes.length)).toBe(text);
  });

  test('an empty body is an empty text', async () => {
    expect(await readCappedText(new Response(null), 10)).toBe('');
    expect(await readCappedText(streamed(), 10)).toBe('');
  });

  test('keeps a byte order mark, as Buffer decoding does', async () => {
    expect(await readCappedText(streamed('\uFEFF[]'), 100)).toBe('\uFEFF[]');
  });
});

describe('a body over the cap', () => {
  test('stops at the cap and keeps the first bytes for a report', async () => {
    const error = await tooLarge(readCappedText(streamed('a'.repeat(6000), 'b'.repeat(6000)), 10_000));
    expect(error.limit).toBe(10_000);
    expect(error.head).toBe(`${'a'.repeat(6000)}${'b'.repeat(HEAD_BYTES - 6000)}`);
    expect(error.message).toContain('10000 bytes');
  });

  test('keeps no more than the cap when the cap is small', async () => {
    expect((await tooLarge(readCappedText(streamed('abcdef'), 3))).head).toBe('abc');
  });

  test('a declared length over the cap is refused before reading', async () => {
    let pulled = false;
    const body = new ReadableStream({
      pull() {
        pulled = true;
      },
    });
    const response = new Response(body, { headers: { 'content-length': '999999' } });
    expect((await tooLarge(readCappedText(response, 100))).head).toBe('');
    expect(pulled).toBe(false);
  });

  test('a declared length with content coding identity is refused too', async () => {
    const response = new Response('x', { headers: { 'content-length': '999999', 'content-encoding': 'identity' } });
    await tooLarge(readCappedText(response, 100));
  });
});

describe('a gzip body is capped on its decompressed size', () => {
  let url = '';
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' });
    // 64 MiB of zeros compresses to about 64 kB; the reader must stop long before it ends.
    let sent = 0;
    const zeros = Buffer.alloc(1 << 20, 0x30);
    const source = new Readable({
      read() {
        this.push(sent++ < 64 ? zeros : null);
      },
    });
    source.pipe(createGzip()).pipe(res);
    res.on('close', () => source.destroy());
  });
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('a small gzip body that inflates past the cap stops at it', async () => {
    const response = await fetch(url);
    // The declared length is the compressed one, so it must not be trusted either way.
    const error = await tooLarge(readCappedText(response, 1 << 20));
    expect(error.head).toBe('0'.repeat(HEAD_BYTES));
  });
});

describe('readCapped says, without throwing, whether the cap was passed', () => {
  test('a body within the cap comes whole, not exceeded', async () => {
    expect(await readCapped(streamed('ab', 'cd'), 4)).toEqual(['abcd', false]);
    expect(await readCapped(new Response(null), 4)).toEqual(['', false]);
  });

  test('a body past the cap comes as its first bytes, exceeded', async () => {
    expect(await readCapped(streamed('abc', 'def'), 4)).toEqual(['abcd', true]);
  });

  test('a declared length past the cap is refused unread', async () => {
    const response = new Response('abcdef', { headers: { 'content-length': '6' } });
    expect(await readCapped(response, 4)).toEqual(['', true]);
  });
});
