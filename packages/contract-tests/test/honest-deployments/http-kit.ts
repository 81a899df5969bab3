// The small HTTP layer both APIs share: reading a body under a size limit, reading parameters the way the
// variant's framework does (repeats, empty values, whitespace), and writing JSON, text or nothing. node:http only,
// so that every byte a variant answers is one the variant chose.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Choices } from './choices.js';

export type ParamSource = Map<string, string[]>;

export function sourceOf(search: URLSearchParams): ParamSource {
  const source: ParamSource = new Map();
  for (const [name, value] of search) source.set(name, [...(source.get(name) ?? []), value]);
  return source;
}

export type BodyResult =
  | { kind: 'ok'; params: ParamSource }
  | { kind: 'too-large' }
  | { kind: 'unsupported'; type: string }
  | { kind: 'malformed' };

/** Reads the whole body; past `limit` bytes it keeps draining (so the answer reaches the client) but keeps nothing. */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > limit ? undefined : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * Parses a body into parameters. A form is always read; JSON only when the framework reads it (`bodyTypes`). Other
 * types are refused (415) by a form-only framework (Spring `@ModelAttribute`) and ignored by the others, the way
 * PHP's `$_POST` and Go's `ParseForm` ignore a JSON body.
 */
export async function parseBody(
  request: IncomingMessage,
  limit: number,
  types: 'form-and-json' | 'form-only' | 'form-ignore-others',
): Promise<BodyResult> {
  const declared = Number(request.headers['content-length'] ?? '0');
  const bytes = declared > limit ? undefined : await readBody(request, limit);
  if (declared > limit) request.resume();
  if (bytes === undefined) return { kind: 'too-large' };
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (bytes.length === 0) return { kind: 'ok', params: new Map() };
  if (type === '' || type === 'application/x-www-form-urlencoded') {
    return { kind: 'ok', params: sourceOf(new URLSearchParams(bytes.toString('utf8'))) };
  }
  if (type === 'application/json' || type.endsWith('+json')) {
    if (types === 'form-only') return { kind: 'unsupported', type };
    if (types === 'form-ignore-others') return { kind: 'ok', params: new Map() };
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      return { kind: 'malformed' };
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { kind: 'malformed' };
    const params: ParamSource = new Map();
    for (const [name, value] of Object.entries(parsed)) {
      if (value === null || value === undefined) continue;
      const list = Array.isArray(value) ? value : [value];
      params.set(
        name,
        list.map((entry) => (typeof entry === 'object' ? JSON.stringify(entry) : String(entry))),
      );
    }
    return { kind: 'ok', params };
  }
  return types === 'form-only' ? { kind: 'unsupported', type } : { kind: 'ok', params: new Map() };
}

export type ParamRead = { value: string | undefined } | { repeated: true };

/**
 * One parameter as the framework sees it: a repeat is resolved (last, first) or refused; whitespace is trimmed
 * when the framework trims; an empty value is absent (Laravel's ConvertEmptyStringsToNull) or stays empty.
 */
export function readParam(
  source: ParamSource,
  name: string,
  choices: Pick<Choices, 'repeatedParams' | 'trimInputs' | 'emptyParam'>,
): ParamRead {
  const values = source.get(name);
  if (values === undefined || values.length === 0) return { value: undefined };
  if (values.length > 1 && choices.repeatedParams === 'reject') return { repeated: true };
  let value = choices.repeatedParams === 'first' ? values[0]! : values[values.length - 1]!;
  if (choices.trimInputs) value = value.trim();
  if (value === '' && choices.emptyParam === 'absent') return { value: undefined };
  return { value };
}

export type JsonEscaping = 'none' | 'php' | 'non-ascii';

/** JSON text; `php` as json_encode writes it by default (\uXXXX for non-ASCII, and \/), `non-ascii` as .NET does. */
export function jsonText(value: unknown, escaping: JsonEscaping = 'none'): string {
  const text = JSON.stringify(value);
  if (escaping === 'none') return text;
  const escaped = text.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaping === 'php' ? escaped.replace(/\//g, '\\/') : escaped;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** A body already serialised, with its media type; absent for an empty answer. */
  body?: { text: string; type: string };
}

export function jsonAnswer(
  status: number,
  value: unknown,
  type: string,
  headers: Record<string, string> = {},
  escaping: JsonEscaping = 'none',
): Answer {
  return { status, headers, body: { text: jsonText(value, escaping), type } };
}

export function send(response: ServerResponse, answer: Answer, extraHeaders: Record<string, string> = {}): void {
  const headers: Record<string, string> = { ...extraHeaders, ...(answer.headers ?? {}) };
  if (answer.body) {
    headers['Content-Type'] = answer.body.type;
    headers['Content-Length'] = String(Buffer.byteLength(answer.body.text));
    response.writeHead(answer.status, headers);
    response.end(answer.body.text);
    return;
  }
  if (answer.status !== 204 && answer.status !== 304) headers['Content-Length'] = '0';
  response.writeHead(answer.status, headers);
  response.end();
}

/** Whether the client asks for JSON the way Laravel's `expectsJson()` decides it. */
export function wantsJson(request: IncomingMessage): boolean {
  const accept = request.headers.accept ?? '';
  return /\/json|\+json/i.test(accept);
}

/** Whether an Accept header leaves room for JSON (Spring's content negotiation); no header accepts anything. */
export function acceptsJson(request: IncomingMessage): boolean {
  const accept = request.headers.accept;
  if (accept === undefined || accept.trim() === '') return true;
  return accept
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .some(
      (type) => type === '*/*' || type === 'application/*' || type === 'application/json' || type.endsWith('+json'),
    );
}

/** What the HTTP layer in front of a handler does to an answer (SILENCES.md 82-86, 89). */
export interface Finishing {
  conditionalGet: 'none' | 'etag';
  compression: 'none' | 'gzip' | 'br';
  jsonLayout: 'compact' | 'newline' | 'pretty';
  chunked: boolean;
  cors: 'none' | 'preflight' | 'any-options';
  escaping?: JsonEscaping;
}

function isJsonText(type: string): boolean {
  return /json/i.test(type) || /^text\/html/i.test(type);
}

/** Rewrites a JSON text in the variant's layout, keeping its escaping. */
function laidOut(text: string, layout: Finishing['jsonLayout'], escaping: JsonEscaping): string {
  if (layout === 'compact') return text;
  if (layout === 'newline') return `${text}\n`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  const pretty = JSON.stringify(value, null, escaping === 'php' ? 4 : 2);
  if (escaping === 'none') return pretty;
  const escaped = pretty.replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaping === 'php' ? escaped.replace(/\//g, '\\/') : escaped;
}

/**
 * Sends an answer through the variant's HTTP layer: JSON layout, a weak ETag and 304 on conditional GETs,
 * compression when the client accepts it and the body is 1 kB or more, chunked framing, CORS headers.
 */
export function sendFinished(
  request: IncomingMessage,
  response: ServerResponse,
  answer: Answer,
  extraHeaders: Record<string, string>,
  finishing: Finishing,
): void {
  const headers: Record<string, string> = { ...extraHeaders, ...(answer.headers ?? {}) };
  if (finishing.cors !== 'none') {
    headers['Access-Control-Allow-Origin'] = '*';
    headers['Access-Control-Expose-Headers'] = 'Location, Link, ETag, Retry-After';
  }
  const method = (request.method ?? 'GET').toUpperCase();
  if (!answer.body) {
    send(response, { ...answer, headers }, {});
    return;
  }
  let text = answer.body.text;
  if (isJsonText(answer.body.type)) text = laidOut(text, finishing.jsonLayout, finishing.escaping ?? 'none');
  if (finishing.conditionalGet === 'etag' && (method === 'GET' || method === 'HEAD') && answer.status === 200) {
    const tag = `W/"${createHash('sha1').update(text).digest('hex').slice(0, 32)}"`;
    headers.ETag = tag;
    const asked = request.headers['if-none-match'];
    if (asked?.split(',').some((entry) => entry.trim() === tag || entry.trim() === '*')) {
      delete headers['Content-Type'];
      response.writeHead(304, headers);
      response.end();
      return;
    }
  }
  let bytes: Buffer = Buffer.from(text, 'utf8');
  if (finishing.compression !== 'none' && bytes.length >= 1024) {
    const accepted = String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => part.split(';')[0]!.trim().toLowerCase());
    const coding =
      finishing.compression === 'br' && accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : undefined;
    headers.Vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding';
    if (coding) {
      bytes = coding === 'br' ? brotliCompressSync(bytes) : gzipSync(bytes);
      headers['Content-Encoding'] = coding;
    }
  }
  headers['Content-Type'] = answer.body.type;
  if (!finishing.chunked) headers['Content-Length'] = String(bytes.length);
  response.writeHead(answer.status, headers);
  if (finishing.chunked && bytes.length > 1) {
    // Written in two pieces, as a streaming encoder flushes: node frames them as chunks.
    const half = Math.floor(bytes.length / 2);
    response.write(bytes.subarray(0, half));
    response.end(bytes.subarray(half));
    return;
  }
  response.end(bytes);
}

/** The CORS middleware's own answer to an OPTIONS request, or undefined when the router should answer it. */
export function corsPreflight(request: IncomingMessage, cors: Finishing['cors']): Answer | undefined {
  if (cors === 'none' || (request.method ?? '').toUpperCase() !== 'OPTIONS') return undefined;
  if (cors === 'preflight' && request.headers['access-control-request-method'] === undefined) return undefined;
  return {
    status: 204,
    headers: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
      'Access-Control-Allow-Headers': String(
        request.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, Accept',
      ),
      'Access-Control-Max-Age': '86400',
      Vary: 'Access-Control-Request-Headers',
    },
  };
}
