// `tallyport-contract judge`: the checks on traffic someone already recorded
// (a HAR from a browser, a Playwright run, a proxy). Nothing is ever sent.
// Each entry is read as it streams in (har-stream.ts, har-entry.ts), mapped to
// an operation and a deployment (routes.ts), tagged as a run tags its own
// requests (credentials.ts, request-case.ts, write-trail.ts), and read into an
// answer exactly as a run reads what it receives (answers/answer.ts); then
// the same checks judge the answers (runner.ts `recordedRun`). Entries that
// match no operation are counted and listed, malformed ones reported by
// index; neither is judged. Entries a run wrote against the embedded Prism
// mock are judged as that run judged them: its examples answer whatever is
// sent, so the checks that need a deployment's data skip them, saying so.
//
// The checks compare answers with each other, which costs more than linear
// time, and answers take memory: a deployment's answers are judged in windows
// of consecutive exchanges (default 1,000), each window's verdicts kept and
// its answers dropped, so a file of any length is judged in linear time and
// bounded memory; only exchanges further apart than a window are not compared.
// The model of the state judges a write by the views after it (a replica may
// show it late, and a run looks again), so a window goes on past its size,
// up to twice it, until the writes pause: a cut between a write and the views
// that settle it would judge the write on a stale view alone.
import { type Answer, EXCERPT_CHARS } from '../answers/answer.js';
import { AnswerBook } from '../answers/book.js';
import type { CheckDefinition } from '../registry/index.js';
import { bodyJson } from '../transport/json.js';
import type { SecretName } from '../spec/secrets.js';
import type { Exchange } from '../transport/transport.js';
import { secretRedactor } from '../report/redactor.js';
import { observe, observePoints } from '../observations/observe.js';
import { judgePins } from '../baseline/pins.js';
import type { ApiBaseline } from '../baseline/types.js';
import { type DriftReport, driftReport } from '../baseline/drift-report.js';
import { API_SECRETS, mockSecrets, SECRET_NAMES } from '../spec/deployment.js';
import { answersInUnreadPlaces } from '../run/parameter-transports.js';
import { observeGuarded } from '../run/tester-fault.js';
import {
  applicableChecks,
  chooseChecks,
  DEFAULT_MAX_HEAP_BYTES,
  heapBound,
  judgeChecks,
  newRunId,
  recordedRun,
  type RunOptions,
  uncheckedReasons,
} from '../run/contract.js';
import type { ApiRunResult, CheckResult, EmbeddedMock, RecordedFileSummary, RunResult } from '../report/result.js';
import { API_NAMES, type ApiName, specModels } from '../spec/models.js';
import { type KeyPlaces, type RecordedKeys, readKey, secretsIn } from './credentials.js';
import { readEntry, type RecordedExchange } from './har-entry.js';
import { attemptsMadeAgain } from './retries.js';
import { DEFAULT_HAR_LIMITS, type HarChunks, type HarStreamLimits, harSource, scanHar } from './har-stream.js';
import { KnownRecords } from './known-records.js';
import { ListedVerdicts } from './listed-verdicts.js';
import { tagListedReads } from './listed-reads.js';
import { deriveCase, documentedRefusal } from './request-case.js';
import { type Route, Routes } from './routes.js';
import { WriteTrails } from './write-trail.js';
import { plural } from '../text/plural.js';

export interface JudgeLimits extends HarStreamLimits {
  /** Largest answer body judged, in characters (default 8 MiB, as a run's `maxResponseBytes`). */
  maxBodyChars: number;
  /** Exchanges of one deployment judged together (default 1,000). */
  windowEntries: number;
  /**
   * Heap the judge may add to what the process held at its start before it stops reading, judges what it read and
   * says so (default 768 MiB).
   */
  maxHeapBytes: number;
}

/** Exchanges without a write after which a full window ends: more than a run's looks again after its last write. */
const SETTLING_ENTRIES = 50;

export const DEFAULT_JUDGE_LIMITS: JudgeLimits = {
  ...DEFAULT_HAR_LIMITS,
  maxBodyChars: 8 * 1024 * 1024,
  windowEntries: 1000,
  maxHeapBytes: DEFAULT_MAX_HEAP_BYTES,
};

/** A run's options where judging reads them alike (`only`, `strict`, `signal`, `baseline`), and the judge's own. */
export interface JudgeOptions extends Pick<RunOptions, 'only' | 'strict' | 'signal' | 'baseline'> {
  /** APIs to judge; entries of the others count as unmatched. All by default. */
  apis?: ApiName[];
  /** The keys (and the valid purchase code) given in the environment: requests with other keys are `wrong`. */
  keys?: RecordedKeys;
  /** The deployment of each API to judge, when the file holds others (`--analytics-url`). */
  servers?: Partial<Record<ApiName, string>>;
  /** A header the marketplace key travels in, beyond the usual names (`--marketplace-key-in header:NAME`). */
  keyHeader?: string;
  /** The file holds no keys, added after it was recorded: requests without one had the valid key. */
  keysNotRecorded?: boolean;
  limits?: Partial<JudgeLimits>;
}

export type JudgeResult = RunResult & Required<Pick<RunResult, 'recorded'>>;

/** The keys of a HAR tallyport-contract wrote: each shown as its placeholder. */
const PLACEHOLDER_KEYS: RecordedKeys = Object.fromEntries(SECRET_NAMES.map((name) => [name, `$${name}`]));

/** Listed examples of entries not judged, at most. */
const SHOWN = 10;

interface Group {
  api: ApiName;
  baseUrl: string;
  /** The embedded mock the tester's own file says answered these entries. */
  mock?: EmbeddedMock;
  redact(text: string): string;
  book: AnswerBook;
  secrets: Partial<Record<SecretName, string>>;
  knowledge: KnownRecords;
  trails: WriteTrails;
  verdicts: ListedVerdicts;
  observations?: string[];
  /** What the baseline pins of this API, and what the first window showed of it. */
  baseline?: ApiBaseline;
  drift?: DriftReport;
  /** Answers in the current window, and windows judged so far. */
  inWindow: number;
  /** Answers read since the last write: a full window ends only once the writes pause. */
  sinceWrite: number;
  windows: number;
  judged: number;
  /** Attempts the client made again, not judged. */
  madeAgain: number;
  /** Answers to requests where the deployment does not read the operation's parameters (another place is read). */
  unreadPlaces: number;
  /** Entries not judged for want of an answer, by reason: how many, and the first. */
  unanswered: Map<string, { count: number; first: number }>;
  validKeys: Set<string>;
}

function newGroup(
  route: Route,
  keys: RecordedKeys,
  redact: (text: string) => string,
  mock: EmbeddedMock | undefined,
): Group {
  const model = specModels[route.api];
  const secrets: Partial<Record<SecretName, string>> = {};
  for (const [name, value] of Object.entries(keys)) if (value) secrets[name as SecretName] = value;
  // On the Prism mock the run's placeholders stood for the mock's own values (a key Prism does not read, the spec
  // examples' purchase code), which its answers echo.
  if (mock === 'prism') Object.assign(secrets, mockSecrets(route.api));
  return {
    api: route.api,
    baseUrl: route.baseUrl,
    ...(mock ? { mock } : {}),
    redact,
    book: new AnswerBook({ api: route.api, model, redact }),
    secrets,
    knowledge: new KnownRecords(model),
    trails: new WriteTrails(model),
    verdicts: new ListedVerdicts(),
    inWindow: 0,
    sinceWrite: 0,
    windows: 0,
    judged: 0,
    madeAgain: 0,
    unreadPlaces: 0,
    unanswered: new Map(),
    validKeys: new Set(),
  };
}

function judgeWindow(group: Group, chosen: readonly CheckDefinition[], incomplete: string[]): void {
  if (group.inWindow === 0) return;
  const checks = applicableChecks(chosen, group.api);
  // An attempt the client made again is not judged, as a run judges only its last attempt.
  const again = attemptsMadeAgain(group.book.answers);
  group.madeAgain += again.size;
  group.trails.settle(again);
  // Requests sent where the deployment does not read an operation's parameters, beside the place it does read.
  const unread = answersInUnreadPlaces(group.book.answers);
  group.unreadPlaces += unread.size;
  const answers = group.book.answers.filter((answer) => !again.has(answer) && !unread.has(answer.exchange.id));
  tagListedReads(answers);
  const run = recordedRun(
    { api: group.api, model: specModels[group.api], mock: group.mock === 'prism', secrets: group.secrets },
    answers,
    group.baseline,
  );
  // A baseline turns the warnings of the conventions it pins into failures, as in a run.
  const { judged, held, conventions } = judgeChecks(checks, run, incomplete);
  for (const { check, cases } of judged) group.verdicts.add(check, cases);
  // Observations read every answer: those of the first window stand for the file.
  group.observations ??= observeGuarded(() => observe(run), group.api, incomplete);
  if (group.baseline)
    group.drift ??= driftReport(
      group.baseline,
      [...judgePins(run, group.baseline.pins), ...conventions],
      [...observeGuarded(() => observePoints(run), group.api, incomplete), ...held],
    );
  group.windows++;
  group.inWindow = 0;
  group.book = new AnswerBook({ api: group.api, model: specModels[group.api], redact: group.redact });
}

/** Judges the HAR `file` (`-`: stdin). Throws `HarFileError` when the file cannot be read as a HAR. */
export async function judgeHar(
  file: string,
  options: JudgeOptions = {},
  stdin?: AsyncIterable<Uint8Array | string>,
): Promise<JudgeResult> {
  const limits = { ...DEFAULT_JUDGE_LIMITS, ...options.limits };
  return judgeChunks(await harSource(file, limits, stdin), file, options);
}

/** Judges a HAR read from `chunks`; `file` names it in messages. */
export async function judgeChunks(chunks: HarChunks, file: string, options: JudgeOptions = {}): Promise<JudgeResult> {
  const started = Date.now();
  const limits = { ...DEFAULT_JUDGE_LIMITS, ...options.limits };
  const heap = heapBound(limits.maxHeapBytes);
  const apis = options.apis ?? [...API_NAMES];
  const { chosen: checks, baselines } = await chooseChecks(options, apis);
  const keys = options.keys ?? {};
  const redactor = secretRedactor(keys);
  const added = new Set<string>();
  const redact = (text: string) => redactor.text(text);
  const routes = new Routes(apis, options.servers);
  const groups = new Map<string, Group>();
  const summary: RecordedFileSummary = {
    file,
    entries: 0,
    judged: 0,
    unmatched: { count: 0, first: [] },
    malformed: { count: 0, first: [] },
  };
  const unmatched = new Map<string, number>();
  const incomplete: string[] = [];
  const scan = scanHar(chunks, limits, file === '-' ? 'stdin' : file);
  let stopped: string | undefined;

  for await (const item of scan.entries) {
    summary.entries++;
    // A tallyport-contract HAR keeps each body as an excerpt (a body that long was cut), and each key as its
    // placeholder: the placeholder is the key the run was given (whatever the environment says), any other wrong.
    const ours = scan.creator() === 'tallyport-contract';
    const cutAt = ours ? EXCERPT_CHARS : undefined;
    const recorded =
      'malformed' in item
        ? item.malformed
        : readEntry(item.entry, { maxBodyChars: limits.maxBodyChars, ...(cutAt ? { cutAt } : {}) });
    if (typeof recorded === 'string') {
      summary.malformed.count++;
      if (summary.malformed.first.length < SHOWN)
        summary.malformed.first.push(`log.entries[${item.index}]: ${recorded}`);
      continue;
    }
    const route = routes.match(recorded.request.method, recorded.request.url);
    if (!route) {
      summary.unmatched.count++;
      const line = `${recorded.request.method} ${recorded.request.url.origin}${recorded.request.url.pathname}`;
      if (unmatched.has(line) || unmatched.size < SHOWN) unmatched.set(line, (unmatched.get(line) ?? 0) + 1);
      continue;
    }
    const entryKeys = ours ? { ...keys, ...PLACEHOLDER_KEYS } : keys;
    // Only the tester's own file is taken at its word about a mock or attempts: elsewhere they would hide verdicts.
    const mock = ours ? recorded.mock : undefined;
    if (!ours) delete recorded.attempts;
    const name = `${route.api} ${route.baseUrl}${mock ? ` ${mock}` : ''}`;
    const group = groups.get(name) ?? newGroup(route, entryKeys, redact, mock);
    group.baseline ??= baselines.get(route.api);
    groups.set(name, group);
    const judged = judgeEntry(group, route, recorded, item.index, { keys: entryKeys, places: options }, (value, to) => {
      if (added.has(value)) return;
      added.add(value);
      redactor.add(value, to);
    });
    if (judged) summary.judged++;
    const settled = group.sinceWrite >= SETTLING_ENTRIES || group.inWindow >= 2 * limits.windowEntries;
    if (group.inWindow >= limits.windowEntries && settled) judgeWindow(group, checks, incomplete);
    if (options.signal?.aborted) {
      stopped = `interrupted after ${summary.entries} entries`;
      break;
    }
    if (summary.entries % 500 === 0 && heap.reached()) {
      stopped =
        `the judge reached its memory bound (${heap.text}) after ${summary.entries} entries; the rest of the file ` +
        'was not read';
      break;
    }
  }
  summary.unmatched.first = [...unmatched].map(([line, count]) => (count > 1 ? `${line} (×${count})` : line));

  const clean = <T>(value: T): T => redactor.value(value) as T;
  const results: ApiRunResult[] = [];
  const ordered = [...groups.values()].sort((a, b) => API_NAMES.indexOf(a.api) - API_NAMES.indexOf(b.api));
  for (const group of ordered) {
    judgeWindow(group, checks, incomplete);
    // As a run, the checks that apply to the API: a check its spec gives nothing to judge is left out.
    const checkResults: CheckResult[] = applicableChecks(checks, group.api).map((check) =>
      clean(group.verdicts.result(group.api, check, !!options.strict)),
    );
    results.push({
      api: group.api,
      target: group.baseUrl,
      mock: !!group.mock,
      ...(group.mock ? { embeddedMock: group.mock } : {}),
      checks: checkResults,
      observations: clean(group.observations ?? []),
      ...(group.drift ? { drift: clean(group.drift) } : {}),
      cases: { sent: group.judged, dropped: {}, interrupted: 0 },
      notes: clean(notesOf(group, keys, limits.windowEntries)),
      leftovers: [],
    });
    incomplete.push(...uncheckedReasons(group.api, checkResults, options.only));
  }
  for (const api of apis)
    if (!ordered.some((group) => group.api === api) && options.apis?.includes(api))
      incomplete.push(`${api}: the file holds no exchange with a ${api} operation`);
  if (groups.size === 0) incomplete.push(`no entry of the file matched an operation of the specs`);
  if (stopped) incomplete.push(stopped);
  const failed = results.some((result) => result.checks.some((check) => check.status === 'fail'));
  const interrupted = !!options.signal?.aborted;
  return {
    runId: newRunId(),
    seed: 0,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    requestCount: 0,
    interrupted,
    strict: !!options.strict,
    incomplete: clean(incomplete),
    apis: results,
    exitCode: failed ? 1 : interrupted || incomplete.length > 0 ? 2 : 0,
    recorded: clean(summary),
  };
}

/**
 * One entry: its tags, its answer read as a run reads one, and what the traffic learns from it. An entry with no
 * answer recorded (a browser's cancelled or blocked request) is not judged: whether one came is not in the file.
 */
function judgeEntry(
  group: Group,
  route: Route,
  recorded: RecordedExchange,
  index: number,
  options: { keys: RecordedKeys; places: KeyPlaces },
  addSecret: (value: string, placeholder: string) => void,
): boolean {
  const key = readKey(route.api, route.operation, recorded.request, options.keys, options.places);
  // Every secret is known to the redactor before anything of the exchange is read.
  for (const { value, placeholder } of secretsIn(route.api, recorded, key, options.keys)) addSecret(value, placeholder);
  if (key.known) {
    group.secrets[key.known.name] ??= key.known.value;
    if (key.auth === 'valid') group.validKeys.add(key.known.value);
  }
  const unanswered = (reason: string) => {
    const seen = group.unanswered.get(reason) ?? { count: 0, first: index };
    seen.count++;
    group.unanswered.set(reason, seen);
  };
  if (!recorded.response) {
    unanswered(recorded.error ?? 'no answer was recorded');
    return false;
  }
  const derived = deriveCase(route, recorded.request, key, options.keys, group.knowledge, index);
  // A tester-written file says what the run meant by its state model's requests: the judge reads them alike.
  if (recorded.tags) Object.assign(derived.testCase, recorded.tags);
  // The run's state model judges its sequences; the write checks judge the write round trip's trails.
  const trailItem = recorded.tags ? undefined : group.trails.enter(derived.testCase, route);
  const response = recorded.response;
  const error = response.missing;
  const exchange: Exchange = {
    id: index + 1,
    template: derived.template,
    case: derived.testCase,
    response: { status: response.status, contentType: response.contentType, headers: response.headers, text: '' },
    ...(error ? { error } : {}),
    attempts: recorded.attempts ?? 1,
    startedAt: recorded.startedAt,
    durationMs: recorded.durationMs,
  };
  if (!error) Object.assign(exchange.response!, { text: response.text }, bodyJson(response.text));
  const answer: Answer = group.book.read(exchange);
  group.inWindow++;
  group.sinceWrite = answer.operation.effect === 'read' ? group.sinceWrite + 1 : 0;
  group.judged++;
  if (error) unanswered(error);
  group.knowledge.learn(answer);
  group.trails.learn(answer, trailItem);
  if (answer.verdict === 'refused' && !derived.testCase.message && !trailItem) {
    const message = documentedRefusal(route.operation, derived.undecided);
    if (message) Object.assign(derived.testCase, { message, family: 'documented' });
  }
  // A write the deployment may have taken changes the data: answers before and after are not compared.
  if (route.operation.effect !== 'read' && answer.verdict !== 'refused') group.book.advance();
  return true;
}

function notesOf(group: Group, keys: RecordedKeys, window: number): string[] {
  const notes: string[] = [];
  for (const [reason, { count, first }] of group.unanswered)
    notes.push(`${plural(count, 'exchange')} not judged: ${reason} (first: log.entries[${first}])`);
  if (group.unreadPlaces > 0)
    notes.push(
      `${plural(group.unreadPlaces, 'answer')} to requests sent where the deployment ` +
        'does not read the parameters (another place was read): not judged',
    );
  if (group.madeAgain > 0)
    notes.push(
      `${plural(group.madeAgain, 'answer')} (429, or 502, 503 or 504 to a read, an update ` +
        'or a delete) that the client sent again were not judged: a run judges only the last attempt',
    );
  const keyName = API_SECRETS[group.api].key;
  if (keys[keyName] === undefined && group.validKeys.size > 1)
    notes.push(
      `${group.validKeys.size} different keys were sent, and ${keyName} is not set to tell the valid one: every ` +
        'request with a key counts as made with a valid key; set it to judge the others as wrong keys',
    );
  if (group.windows > 1)
    notes.push(
      `judged in ${group.windows} windows of ${window} exchanges or more (up to twice that, until the writes ` +
        'paused): exchanges further apart are not compared with each other; observations are those of the first window',
    );
  return notes;
}
