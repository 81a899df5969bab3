// Recorded exchanges built in a test, read into answers the way a run reads
// them, so a single check can be judged on exactly the traffic a test names:
// no server, no run, milliseconds.
import { type Answer, readAnswer } from '../../src/answers/answer.js';
import type { RequestCase } from '../../src/cases/types.js';
import type { RecordedRun } from '../../src/checks/types.js';
import { parseBoundedJson } from '../../src/http/json.js';
import { isSecretRef, type TemplateValue } from '../../src/http/request.js';
import type { Exchange } from '../../src/http/transport.js';
import { type ApiName, specModels } from '../../src/specs.js';

export const TEST_KEY = 'recorded-test-key-0123456789abcdef';

export interface Recorded {
  api?: ApiName;
  operationId: string;
  values?: Record<string, TemplateValue>;
  /** Undefined: no answer came (a connection error). */
  status?: number;
  body?: unknown;
  contentType?: string;
  /** Tags of the case beyond its values (family, expect, rule, step, record...). */
  case?: Partial<RequestCase>;
  attempts?: number;
}

let nextId = 1;

/** One exchange as the transport records it, tagged with its case. */
export function exchangeOf(recorded: Recorded): Exchange {
  const api = recorded.api ?? 'analytics';
  const values = recorded.values ?? {};
  const text =
    typeof recorded.body === 'string'
      ? recorded.body
      : recorded.body === undefined
        ? ''
        : JSON.stringify(recorded.body);
  const parsed = text === '' ? undefined : parseBoundedJson(text);
  const operation = specModels[api].operations.find((candidate) => candidate.id === recorded.operationId)!;
  const testCase: RequestCase = {
    key: `${recorded.operationId} ${JSON.stringify(values)} ${nextId}`,
    family: 'coverage',
    operationId: recorded.operationId,
    title: `${recorded.operationId} ${Object.entries(values)
      .map(([name, value]) => `${name}=${isSecretRef(value) ? `$${value.secret}` : value}`)
      .join(' ')}`.trim(),
    values,
    auth: 'valid',
    expect: 'success',
    ...recorded.case,
  };
  return {
    id: nextId++,
    template: {
      api,
      operationId: recorded.operationId,
      method: operation.method,
      baseUrl: 'http://127.0.0.1:9',
      path: operation.path,
      query: Object.entries(values),
      headers: [],
      label: testCase.title,
    },
    case: testCase,
    ...(recorded.status === undefined
      ? { error: 'connection refused' }
      : {
          response: {
            status: recorded.status,
            contentType: recorded.contentType ?? (text === '' ? null : 'application/json'),
            headers: {},
            text,
            ...(parsed?.ok ? { json: parsed.value } : parsed ? { jsonError: parsed.error } : {}),
          },
        }),
    attempts: recorded.attempts ?? 1,
    startedAt: 0,
    durationMs: 1,
  };
}

/** Recorded exchanges read into answers, in order. */
export function answersOf(recorded: readonly Recorded[]): Answer[] {
  return recorded.map((entry) => {
    const api = entry.api ?? 'analytics';
    return readAnswer(exchangeOf(entry), { api, model: specModels[api], redact: (text) => text });
  });
}

/** What a check reads: the answers of one API, live (not the mock) unless said. */
export function recordedRun(recorded: readonly Recorded[], options: { mock?: boolean } = {}): RecordedRun {
  const api = recorded[0]?.api ?? 'analytics';
  return {
    api,
    model: specModels[api],
    mock: options.mock ?? false,
    answers: answersOf(recorded),
    valueOf: (value) => (isSecretRef(value) ? `${value.prefix ?? ''}${TEST_KEY}` : value),
  };
}

/** The statuses a check gave, by case title: what a test asserts on. */
export const statuses = (results: ReadonlyArray<{ status: string }>): string[] =>
  results.map((result) => result.status);
