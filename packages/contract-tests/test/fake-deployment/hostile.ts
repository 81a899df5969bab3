// Hostile behaviours for the engine's safety tests. They are not contract
// faults: they check that a run stays bounded, never writes to websites it did
// not create, and never shows the key, whatever a deployment answers.
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
