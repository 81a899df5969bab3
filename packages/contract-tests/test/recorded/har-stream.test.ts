// Reading a HAR as a stream (har-stream.ts) and its entries (har-entry.ts):
// any chunking reads the same entries, a malformed entry is reported by its
// index and the rest still read, the bounds stop the reading with a message
// that says how to raise them, and an entry's parts are read as HAR writers
// write them.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readEntry } from '../../src/recorded/har-entry.js';
import { DEFAULT_HAR_LIMITS, type HarItem, scanHar } from '../../src/recorded/har-stream.js';

const entry = (url: string, extra: Record<string, unknown> = {}) => ({
  startedDateTime: '2026-11-20T10:00:00.000Z',
  time: 12,
  request: { method: 'GET', url, headers: [], queryString: [], cookies: [] },
  response: { status: 200, headers: [], cookies: [], content: { size: 2, mimeType: 'application/json', text: '{}' } },
  ...extra,
});

const har = (entries: unknown[], creator = 'Firefox') =>
  JSON.stringify({ log: { version: '1.2', creator: { name: creator, version: '1' }, pages: [{ id: 'a' }], entries } });

async function read(text: string, size: number, limits = DEFAULT_HAR_LIMITS) {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  const scan = scanHar(pieces, limits);
  const items: HarItem[] = [];
  for await (const item of scan.entries) items.push(item);
  return { items, creator: scan.creator() };
}

describe('a HAR read as a stream', () => {
  const text = har([
    entry('https://s.example.com/api/v1/websites?search=%22quoted%5D%22'),
    entry('https://s.example.com/api/v1/websites/1', { comment: 'a "brace" } and [bracket] in a string \\' }),
  ]);

  it('reads the same entries whatever the chunks', async () => {
    const whole = await read(text, text.length);
    expect(whole.items.map((item) => item.index)).toEqual([0, 1]);
    expect(whole.creator).toBe('Firefox');
    for (const size of [1, 2, 7, 64]) expect((await read(text, size)).items).toEqual(whole.items);
  });

  it('reads UTF-8 split inside a character, from bytes', async () => {
    const bytes = Buffer.from(
      har([entry('https://s.example.com/api/v1/websites?search=%E6%88%90'), { comment: '成功' }]),
    );
    const chunks = [...bytes].map((byte) => Uint8Array.of(byte));
    const items: HarItem[] = [];
    for await (const item of scanHar(Readable.from(chunks)).entries) items.push(item);
    expect(items[1]).toEqual({ index: 1, entry: { comment: '成功' } });
  });

  it('reports a malformed entry by its index and reads on', async () => {
    const broken = text.replace('"time":12', '"time":12,,').replace(/]}}$/, ',42,"text"]}}');
    const { items } = await read(broken, 5);
    expect(
      items.map((item) => ('malformed' in item ? `${item.index}: ${item.malformed.split(' (')[0]}` : item.index)),
    ).toEqual(['0: the entry is not JSON', 1, '2: the entry is not an object', '3: the entry is not an object']);
  });

  it('refuses an entry larger than its bound, and the file past its bounds, saying how to raise them', async () => {
    const { items } = await read(text, 10, { ...DEFAULT_HAR_LIMITS, maxEntryChars: 300 });
    expect(items.filter((item) => 'malformed' in item)).toHaveLength(2);
    await expect(read(text, 10, { ...DEFAULT_HAR_LIMITS, maxEntries: 1 })).rejects.toThrow(
      /more than 1 entries: a judge reads at most 1; split the file or raise --max-entries/,
    );
    await expect(read(text, 100, { ...DEFAULT_HAR_LIMITS, maxBytes: 200 })).rejects.toThrow(/raise --max-file-bytes/);
  });

  it('says what is wrong with a file that is not a HAR', async () => {
    await expect(read('', 5)).rejects.toThrow('the file is empty or not JSON');
    await expect(read('[1,2]', 5)).rejects.toThrow('not a HAR file');
    await expect(read('{"log":{"version":"1.2"}}', 5)).rejects.toThrow('it has no log.entries list');
    await expect(read(text.slice(0, -20), 7)).rejects.toThrow('ends before its JSON does');
  });
});

describe('a HAR entry read', () => {
  const reading = { maxBodyChars: 1000 };

  it('reads a form body from params or text, a JSON body, cookies and a base64 answer', () => {
    const form = readEntry(
      entry('https://s.example.com/api/v1/websites', {
        request: {
          method: 'post',
          url: 'https://s.example.com/api/v1/websites',
          headers: [{ name: 'Cookie', value: 'a=1; session=xyz-secret' }],
          postData: { mimeType: 'application/x-www-form-urlencoded', text: 'domain=a.example.com&privacy=2' },
        },
        response: {
          status: 201,
          headers: [{ name: 'Set-Cookie', value: 'session=new-secret; HttpOnly' }],
          content: {
            size: 2,
            mimeType: 'application/json',
            encoding: 'base64',
            text: Buffer.from('{"a":1}').toString('base64'),
          },
        },
      }),
      reading,
    );
    if (typeof form === 'string') throw new Error(form);
    expect(form.request.method).toBe('POST');
    expect(form.request.body?.fields).toEqual([
      { name: 'domain', value: 'a.example.com' },
      { name: 'privacy', value: '2' },
    ]);
    expect(form.request.cookies).toEqual(['1', 'xyz-secret']);
    expect(form.response).toMatchObject({ status: 201, text: '{"a":1}', cookies: ['new-secret'] });
    const json = readEntry(
      entry('x', {
        request: {
          method: 'PUT',
          url: 'https://s.example.com/api/v1/websites/3',
          postData: { mimeType: 'application/json', text: '{"privacy":0,"exclude_ips":["1.1.1.1"]}' },
        },
      }),
      reading,
    );
    if (typeof json === 'string') throw new Error(json);
    expect(json.request.body).toEqual({
      mediaType: 'application/json',
      json: true,
      fields: [
        { name: 'privacy', value: '0' },
        { name: 'exclude_ips', value: '["1.1.1.1"]' },
      ],
    });
  });

  it('keeps an answer whose body the file does not hold, or holds cut, with why; status 0 is no answer', () => {
    const noBody = readEntry(
      entry('https://s.example.com/x', {
        response: { status: 200, content: { size: 120, mimeType: 'application/json' } },
      }),
      reading,
    );
    expect(typeof noBody !== 'string' && noBody.response?.missing).toBe('the file holds no body for it');
    const cut = readEntry(
      entry('https://s.example.com/x', { response: { status: 200, content: { size: 10, text: 'x'.repeat(20) } } }),
      { maxBodyChars: 1000, cutAt: 20 },
    );
    expect(typeof cut !== 'string' && cut.response?.missing).toMatch(/cut to 20 characters/);
    const blocked = readEntry(
      entry('https://s.example.com/x', { response: { status: 0, statusText: 'blocked' } }),
      reading,
    );
    expect(typeof blocked !== 'string' && [blocked.response, blocked.error]).toEqual([
      undefined,
      'no answer was recorded (blocked)',
    ]);
  });

  it('calls an entry without a request, a URL or a status malformed', () => {
    expect(readEntry({}, reading)).toBe('it has no request');
    expect(readEntry(entry('/relative'), reading)).toBe('request.url is not an absolute URL');
    expect(readEntry(entry('ws://s.example.com/x'), reading)).toBe('request.url is not http(s) (ws:)');
    expect(readEntry({ request: { method: 'GET', url: 'https://a.example.com/' }, response: {} }, reading)).toBe(
      'response.status is not a number',
    );
  });
});
