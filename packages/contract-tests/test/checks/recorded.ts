// Recorded exchanges built in a test, read into answers the way a run reads
// them, so a single check can be judged on exactly the traffic a test names:
// no server, no run, milliseconds.
import type { SpecModel } from '@tallyport/spec-model/query';
import { type Answer, readAnswer } from '../../src/answers/answer.js';
import type { RequestCase } from '../../src/cases/types.js';
import type { CaseResult, CaseStatus, RecordedRun } from '../../src/checks/judging/types.js';
import { parseBoundedJson } from '../../src/transport/json.js';
import { isSecretRef, type TemplateValue } from '../../src/spec/secrets.js';
import type { Exchange } from '../../src/transport/transport.js';
import { type ApiName, specModels } from '../../src/spec/models.js';

export const TEST_KEY = 'recorded-test-key-0123456789abcdef';

export interface Recorded {
  api?: ApiName;
  operationId: string;
  values?: Record<string, TemplateValue>;
  /** Undefined: no answer came (a connection error). */
  status?: number;
  /** With no status: the connection closed before any answer (a reset), rather than refused. */
  connectionClosed?: boolean;
  body?: unknown;
  contentType?: string;
  /** Response headers, lower-cased names (`location`, `retry-after`). */
  headers?: Record<string, string>;
  /** Tags of the case beyond its values (family, expect, rule, step, record...). */
  case?: Partial<RequestCase>;
  attempts?: number;
  /** The state of the data the answer saw (the run wrote outside its round trip in between); 0 when absent. */
  epoch?: number;
  /** When the request was sent (ms since the epoch; 0 when absent) and how long its answer took (1 ms). */
  startedAt?: number;
  durationMs?: number;
}

export interface RunOptions {
  /** The embedded mock rather than a live deployment. */
  mock?: boolean;
  /** Another model of the API than its spec's (a spec changed in the test). */
  model?: SpecModel;
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
      ? recorded.connectionClosed
        ? { error: 'fetch failed: UND_ERR_SOCKET', connectionClosed: true }
        : { error: 'connection refused' }
      : {
          response: {
            status: recorded.status,
            contentType: recorded.contentType ?? (text === '' ? null : 'application/json'),
            headers: recorded.headers ?? {},
            text,
            ...(parsed?.ok ? { json: parsed.value } : parsed ? { jsonError: parsed.error } : {}),
          },
        }),
    attempts: recorded.attempts ?? 1,
    startedAt: recorded.startedAt ?? 0,
    durationMs: recorded.durationMs ?? 1,
  };
}

/** Recorded exchanges read into answers, in order. */
export function answersOf(recorded: readonly Recorded[], model?: SpecModel): Answer[] {
  return recorded.map((entry) => {
    const api = entry.api ?? 'analytics';
    const context = { api, model: model ?? specModels[api], redact: (text: string) => text, epoch: entry.epoch };
    return readAnswer(exchangeOf(entry), context);
  });
}

/** What a check reads: the answers of one API, live (not the mock) unless said. */
export function recordedRun(recorded: readonly Recorded[], options: RunOptions = {}): RecordedRun {
  const api = recorded[0]?.api ?? 'analytics';
  const model = options.model ?? specModels[api];
  return {
    api,
    model,
    mock: options.mock ?? false,
    answers: answersOf(recorded, options.model),
    valueOf: (value) => (isSecretRef(value) ? `${value.prefix ?? ''}${TEST_KEY}` : value),
  };
}

/** The statuses a check gave, in order: what a test asserts on. */
export const statuses = (results: ReadonlyArray<{ status: string }>): string[] =>
  results.map((result) => result.status);

type Judged = Extract<CaseResult, { status: 'fail' | 'warn' }>;

/** The first verdict of a status, with its failure fields; throws (failing the test) when there is none. */
export function verdictOf(results: readonly CaseResult[], status: Extract<CaseStatus, 'fail' | 'warn'>): Judged {
  const found = results.find((result) => result.status === status);
  if (!found) throw new Error(`no ${status} verdict among: ${statuses(results).join(', ') || 'none'}`);
  return found as Judged;
}

/** The exchanges a failure's steps name, as positions in the recorded list, in the order the steps give them. */
export const stepIndexes = (run: RecordedRun, failure: Judged): number[] =>
  failure.steps.map((step) => run.answers.findIndex((answer) => answer.exchange.id === step.exchangeId));
