// One HAR entry read into what the judge needs of it: the request as it left
// (method, URL, headers, query, body fields), the answer as it came (status,
// headers, body text) and when. HAR writers differ (browsers leave bodies out
// or base64 them, proxies write `params` or only `text`), so each part is read
// the ways HAR 1.2 allows; an entry without what every exchange has (a method,
// an absolute URL, a status) is malformed, and an answer whose body the file
// does not hold is kept with the reason, so the checks skip it rather than
// judge an empty body. A file the tester wrote also says which embedded mock
// answered an entry, if one did (`_tallyport.mock`).
import { isObject } from '@tallyport/spec-model/query';
import type { RequestCase } from '../cases/types.js';
import type { ResponseRecord } from '../transport/transport.js';
import { EMBEDDED_MOCKS, type EmbeddedMock } from '../report/result.js';
import { present } from '../text/present.js';

export interface NameValue {
  name: string;
  value: string;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: NameValue[];
  /** The body's fields: form parameters, or the top level of a JSON object (non-strings as JSON text). */
  body?: { mediaType: string; fields: NameValue[]; json: boolean };
  /** Cookie values the request carried (header and HAR cookies alike): secrets, never shown. */
  cookies: string[];
}

export interface RecordedResponse extends Pick<ResponseRecord, 'status' | 'contentType' | 'headers' | 'text'> {
  /** Why the body cannot be judged (not in the file, cut, too large); the status and headers still are. */
  missing?: string;
  /** Cookie values the answer set. */
  cookies: string[];
}

/** What a tester-written file says the run meant by a request of its state model (`_tallyport` on the entry). */
export type RunTags = Pick<RequestCase, 'family' | 'expect'> & Partial<Pick<RequestCase, 'step' | 'sequence' | 'walk'>>;

export interface RecordedExchange {
  request: RecordedRequest;
  /** The run's own tags, when the file is one a run wrote. */
  tags?: RunTags;
  /** The embedded mock that answered, when a run wrote the file against one. */
  mock?: EmbeddedMock;
  /** The attempts a run's request took, when the run sent it again (the file holds its last). */
  attempts?: number;
  /** Absent when no answer came (a HAR writes status 0 for a request that failed). */
  response?: RecordedResponse;
  /** Why no answer came. */
  error?: string;
  startedAt: number;
  durationMs: number;
}

export interface EntryReading {
  /** Bodies longer than this are not judged (like `--max-response-bytes` of a run, in characters). */
  maxBodyChars: number;
  /** Bodies at least this long were cut by the writer (a tallyport-contract HAR keeps excerpts). */
  cutAt?: number;
}

function nameValues(value: unknown): NameValue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isObject(item) && typeof item.name === 'string' && item.value !== undefined && item.value !== null
      ? [{ name: item.name, value: String(item.value) }]
      : [],
  );
}

const headerValue = (headers: NameValue[], name: string): string | undefined =>
  headers.find((header) => header.name.toLowerCase() === name)?.value;

const fieldText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The body's fields: HAR `params`, or the text read as a form or as a JSON object. */
function bodyOf(postData: unknown): RecordedRequest['body'] {
  if (!isObject(postData)) return undefined;
  const mediaType = String(postData.mimeType ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const params = nameValues(postData.params);
  const text = typeof postData.text === 'string' ? postData.text : '';
  if (mediaType === 'application/json' || /^application\/[\w.-]+\+json$/.test(mediaType) || /^\s*\{/.test(text)) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isObject(parsed))
        return {
          mediaType,
          json: true,
          fields: Object.entries(parsed).map(([name, value]) => ({ name, value: fieldText(value) })),
        };
    } catch {
      // Not JSON after all: read as a form below.
    }
  }
  const fields = params.length > 0 ? params : [...new URLSearchParams(text)].map(([name, value]) => ({ name, value }));
  return { mediaType, json: false, fields };
}

function cookiesOf(message: Record<string, unknown>, headers: NameValue[], header: string): string[] {
  const values = nameValues(message.cookies).map((cookie) => cookie.value);
  for (const line of headers.filter((entry) => entry.name.toLowerCase() === header).map((entry) => entry.value))
    for (const part of header === 'cookie' ? line.split(';') : [line.split(';')[0] ?? '']) {
      const at = part.indexOf('=');
      if (at > 0) values.push(part.slice(at + 1).trim());
    }
  return values.filter((value) => value !== '');
}

function responseOf(raw: Record<string, unknown>, reading: EntryReading): RecordedResponse | string {
  if (typeof raw.status !== 'number' || !Number.isInteger(raw.status)) return 'response.status is not a number';
  const headers = nameValues(raw.headers);
  const content = isObject(raw.content) ? raw.content : {};
  const record: Record<string, string> = {};
  for (const { name, value } of headers) {
    const key = name.toLowerCase();
    record[key] = record[key] === undefined ? value : `${record[key]}, ${value}`;
  }
  const contentType =
    headerValue(headers, 'content-type') ?? (typeof content.mimeType === 'string' ? content.mimeType : null);
  const response: RecordedResponse = {
    status: raw.status,
    contentType: contentType || null,
    headers: record,
    text: '',
    cookies: cookiesOf(raw, headers, 'set-cookie'),
  };
  const size = typeof content.size === 'number' ? content.size : -1;
  if (typeof content.text !== 'string') {
    // A body the writer left out is not an empty body.
    if (size !== 0 && raw.status !== 204 && raw.status !== 304) response.missing = 'the file holds no body for it';
    return response;
  }
  let text = content.text;
  if (content.encoding === 'base64') {
    try {
      text = Buffer.from(text, 'base64').toString('utf8');
    } catch {
      response.missing = 'its body is marked base64 and is not';
      return response;
    }
  }
  if (text.length > reading.maxBodyChars)
    response.missing = `its body is longer than ${reading.maxBodyChars} characters`;
  else if (reading.cutAt !== undefined && text.length >= reading.cutAt)
    response.missing = `its body was cut to ${reading.cutAt} characters by the tool that wrote the file`;
  else response.text = text;
  return response;
}

/** The run's tags of an entry, when well formed (a file from elsewhere may hold anything there). */
function runTags(value: unknown): RunTags | undefined {
  if (!isObject(value) || value.family !== 'sequence') return undefined;
  const expect =
    value.expect === 'success' || value.expect === 'refusal' || value.expect === 'any' ? value.expect : 'any';
  const text = (item: unknown) => (typeof item === 'string' && item.length <= 200 ? item : undefined);
  const sequence = isObject(value.sequence) ? value.sequence : undefined;
  const walk = isObject(value.walk) ? value.walk : undefined;
  const whole = (item: unknown) =>
    typeof item === 'number' && Number.isSafeInteger(item) && item >= 0 ? item : undefined;
  return {
    family: 'sequence',
    expect,
    ...(text(value.step) ? { step: text(value.step)! } : {}),
    ...(sequence && text(sequence.id) && whole(sequence.command) !== undefined
      ? { sequence: { id: text(sequence.id)!, command: whole(sequence.command)! } }
      : {}),
    ...(walk && text(walk.id) && whole(walk.page) !== undefined
      ? { walk: { id: text(walk.id)!, page: whole(walk.page)! } }
      : {}),
  };
}

/** The embedded mock a run's entry says answered it, if any. */
function embeddedMock(value: unknown): EmbeddedMock | undefined {
  const mock = isObject(value) ? value.mock : undefined;
  return EMBEDDED_MOCKS.find((kind) => kind === mock);
}

/** The attempts a run's entry says its request took, when more than one. */
function attemptsOf(value: unknown): number | undefined {
  const attempts = isObject(value) ? value.attempts : undefined;
  return Number.isSafeInteger(attempts) && (attempts as number) > 1 ? (attempts as number) : undefined;
}

/** Reads one entry; a string says why it is malformed. */
export function readEntry(entry: Record<string, unknown>, reading: EntryReading): RecordedExchange | string {
  const request = entry.request;
  if (!isObject(request)) return 'it has no request';
  if (typeof request.method !== 'string' || request.method === '') return 'request.method is missing';
  if (typeof request.url !== 'string') return 'request.url is missing';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'request.url is not an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `request.url is not http(s) (${url.protocol})`;
  const headers = nameValues(request.headers);
  const body = bodyOf(request.postData);
  const recorded: RecordedExchange = {
    request: {
      method: request.method.toUpperCase(),
      url,
      headers,
      ...(body ? { body } : {}),
      cookies: cookiesOf(request, headers, 'cookie'),
    },
    startedAt: typeof entry.startedDateTime === 'string' ? Date.parse(entry.startedDateTime) || 0 : 0,
    durationMs: typeof entry.time === 'number' && entry.time >= 0 ? Math.round(entry.time) : 0,
    ...(runTags(entry._tallyport) ? { tags: runTags(entry._tallyport)! } : {}),
    ...(embeddedMock(entry._tallyport) ? { mock: embeddedMock(entry._tallyport)! } : {}),
    ...present({ attempts: attemptsOf(entry._tallyport) }),
  };
  if (!isObject(entry.response)) return 'it has no response';
  const response = responseOf(entry.response, reading);
  if (typeof response === 'string') return response;
  // HAR writes status 0 for a request that never got an answer (blocked, refused, cancelled).
  if (response.status === 0) {
    const why = typeof entry.response.statusText === 'string' && entry.response.statusText;
    recorded.error = `no answer was recorded${why ? ` (${why})` : ''}`;
    return recorded;
  }
  recorded.response = response;
  return recorded;
}
