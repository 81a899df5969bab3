// The programmatic runner. For each API: resolve the deployment (or the
// embedded mock: Prism's examples, or the stateful mock judged as a
// deployment), learn which records exist, generate the cases the selected
// checks need from the spec, fit them to the request budget, send them,
// derive the cases that need the deployment's data, make the write round
// trip when allowed, clean up (run/api-run.ts), and only then let the checks
// judge what was recorded. The run as a whole is bounded: requests, time,
// and memory.
import { randomBytes } from 'node:crypto';
import { getHeapStatistics } from 'node:v8';
import type { CaseFamily } from '../cases/types.js';
import type { KeyTransport } from '../transport/template.js';
import { CHECKS, type CaseResult, type CheckDefinition } from '../registry/index.js';
import { notAServerError } from '../checks/not-a-server-error.js';
import type { RecordedRun } from '../checks/judging/types.js';
import { RECORD_ID_OPTIONS, secretsOf } from '../spec/deployment.js';
import { isLoopbackUrl } from '../transport/loopback.js';
import { filled, type TemplateValue } from '../spec/secrets.js';
import { type Redactor, secretRedactor } from '../report/redactor.js';
import type { PaceReport } from '../transport/pacer.js';
import type { Exchange, StalledOperation, TransportLimits } from '../transport/transport.js';
import { mockKindOf, type RunningMocks, startRunMocks } from './mocks.js';
import { statefulDeployment } from './stateful-deployment.js';
import { combinationCoverage } from '../derived/combinations.js';
import { observe, observePoints } from '../observations/observe.js';
import type { ObservedPoint } from '../observations/points.js';
import { apiBaseline, readBaseline } from '../baseline/overlay-read.js';
import type { ApiBaseline } from '../baseline/types.js';
import { judgePins } from '../baseline/pins.js';
import { driftReport } from '../baseline/drift-report.js';
import { conventionPoints, holdConventions, type JudgedCheck, pinnable } from '../baseline/conventions.js';
import { type ApiSetup, runApi } from './api-run.js';
import { DEFAULT_SEQUENCE_BUDGET, DEFAULT_SEQUENCES } from './state/sequences.js';
import { isStateCheck } from '../state/invariants/frame.js';
import { othersWrite, timelineOf } from '../state/timeline.js';
import { judgeGuarded, observeGuarded } from './tester-fault.js';
import { API_NAMES, type ApiName, specModels } from '../spec/models.js';
import { Ledger } from './writes/ledger.js';
import type {
  ApiRunResult,
  CheckResult,
  EmbeddedMock,
  OperationCoverage,
  RunProgress,
  RunResult,
} from '../report/result.js';
import { present } from '../text/present.js';

export interface DeploymentTarget {
  baseUrl: string;
  apiKey: string;
  /** Where a key that is not a bearer token travels (default: where the spec puts it). */
  keyTransport?: KeyTransport;
}

export interface RunOptions {
  apis?: ApiName[];
  /** A deployment of the Analytics API; without it, the embedded mock is used. */
  analytics?: DeploymentTarget;
  /** A deployment of the Marketplace API; without it, the embedded mock is used. */
  marketplace?: DeploymentTarget & { purchaseCode?: string; emptyApiKey?: string };
  /**
   * The embedded mock an API without a deployment is checked against (`--mock`): `prism` (the default, or the kind
   * of `mocks` when given), which answers with the spec examples whatever is sent, so the checks that need a
   * deployment's data are skipped; or `stateful`, the stateful mock of @tallyport/mock, judged as a deployment with
   * its own documented keys, writes included (it is the run's own, in memory).
   */
  mock?: EmbeddedMock;
  allowWrites?: boolean;
  /** Conventions that do not hold fail the run too (`--strict`); by default they are warnings. */
  strict?: boolean;
  websiteId?: string;
  itemId?: string;
  /** Check names to run; all when empty. */
  only?: string[];
  limits?: Partial<TransportLimits>;
  /** Drawn examples per operation, valid and invalid each (`--examples`). */
  examples?: number;
  /** Combinations of how many parameters the plan covers (`--depth`): 2, every pair (default), or 3. */
  depth?: number;
  /** Seed of the drawn examples and the command sequences (`--seed`); random when absent, always reported. */
  seed?: number;
  /** Command sequences the state model runs against a deployment (`--sequences`, default 4; 0: none). */
  sequences?: number;
  /** Requests the sequences may add to the run, at most (default 250, and the cleanup of what they made). */
  sequenceBudget?: number;
  /** Longest the run may take, in ms (`--max-duration`); cleanup still runs after it. */
  maxDurationMs?: number;
  /** The ledger file of creates (`--ledger`); in memory for the mock. */
  ledgerFile?: string;
  signal?: AbortSignal;
  /**
   * Heap the run may add to what the process held when it started, before it stops sending, judges what it has and
   * says so (default 768 MiB). Counted from the start, so a run inside a test runner's process is not charged for
   * the other tests' memory.
   */
  maxHeapBytes?: number;
  /** Already running mocks to use instead of starting new ones (of the kind `mock` asks for). */
  mocks?: RunningMocks;
  /** The run's ledger, shared with a caller that must print leftovers on a second signal. */
  ledger?: Ledger;
  /**
   * An API's run starts; `perSecond` is its pace (0: none, as on the mock and on this machine unless asked);
   * `embeddedMock` says which embedded mock `target` is, when it is one.
   */
  onApiStart?: (api: ApiName, target: string, mock: boolean, perSecond: number, embeddedMock?: EmbeddedMock) => void;
  /** An API none of the chosen checks applies to (`--only sort_order` and the marketplace) is not run. */
  onApiLeftOut?: (api: ApiName, reason: string) => void;
  onCheckResult?: (result: CheckResult) => void;
  /** Called as requests are sent, so a caller can show progress. */
  onProgress?: (progress: RunProgress) => void;
  /**
   * A baseline file (`--baseline`): the run holds each API to what it pins where the spec is silent, and a pinned
   * point that no longer holds fails it (`baseline_drift`).
   */
  baseline?: string;
  /** What the run observed of an API where the spec is silent, as points (for `tallyport-contract baseline`). */
  onObserved?: (api: ApiName, points: readonly ObservedPoint[]) => void;
  /** Every exchange of an API once it is done (for a HAR file); bodies are redacted excerpts by then. */
  onExchanges?: (api: ApiName, exchanges: readonly Exchange[]) => void;
  log?: (line: string) => void;
}

export const DEFAULT_LIMITS: TransportLimits = {
  maxRequests: 1200,
  maxRequestsPerSecond: 20,
  concurrency: 4,
  timeoutMs: 10_000,
  maxResponseBytes: 8 * 1024 * 1024,
  // Laravel's throttle asks for up to a minute; a run honours such a pause rather than giving up.
  maxRetryAfterMs: 120_000,
  maxRetries: 2,
  maxConsecutiveFailures: 8,
};
export const DEFAULT_MAX_DURATION_MS = 15 * 60_000;
/** Heap a run may add before it stops sending and judges what it has (`maxHeapBytes`). */
export const DEFAULT_MAX_HEAP_BYTES = 768 * 1024 * 1024;
/** The heap in use, as the memory bound counts it (a twentieth of the cost of `process.memoryUsage()`). */
const heapUsed = (): number => getHeapStatistics().used_heap_size;

/**
 * A memory bound of `maxBytes` of heap counted from now, so a run or a judge inside a test runner's process is not
 * charged for the other tests' memory: `reached()` says whether it is passed, `text` says what it was.
 */
export function heapBound(maxBytes: number): { reached(): boolean; text: string } {
  const atStart = heapUsed();
  return {
    reached: () => heapUsed() - atStart > maxBytes,
    text: `${Math.round(maxBytes / 1048576)} MiB of heap more than at its start`,
  };
}

/** A redactor of every secret of the deployments a run checks (secretsOf each). */
export const deploymentRedactor = (deployments: Pick<RunOptions, ApiName>): Redactor =>
  secretRedactor(
    Object.assign({}, ...API_NAMES.map((api) => (deployments[api] ? secretsOf(api, deployments[api]) : {}))),
  );

export const newRunId = (): string =>
  `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(3).toString('hex')}`;

export function summarise(
  api: ApiName,
  check: CheckDefinition,
  verdicts: CaseResult[],
  options: { strict?: boolean } = {},
): CheckResult {
  // Under --strict a convention that did not hold is an error like any other.
  const cases = options.strict
    ? verdicts.map(
        (result): CaseResult => (result.status === 'warn' ? { ...result, status: 'fail', severity: 'error' } : result),
      )
    : verdicts;
  const failed = cases.filter((result) => result.status === 'fail');
  const warned = cases.filter((result) => result.status === 'warn');
  const passed = cases.filter((result) => result.status === 'pass');
  const base = { api, check: check.name, description: check.description, cases };
  if (failed.length > 0) return { ...base, status: 'fail', reason: `${failed.length} of ${cases.length} cases failed` };
  if (warned.length > 0)
    return { ...base, status: 'warn', reason: `${warned.length} of ${cases.length} cases broke a convention` };
  if (passed.length > 0) return { ...base, status: 'pass' };
  const cut = cases.filter((result) => result.status === 'interrupted').length;
  if (cut > 0) return { ...base, status: 'interrupted', reason: `${cut} of ${cases.length} cases cut short` };
  const reasons = [...new Set(cases.map((result) => (result.status === 'skip' ? result.reason : '')).filter(Boolean))];
  return { ...base, status: 'skip', reason: reasons.join('; ') || 'nothing to check' };
}

/** The checks of `chosen` that judge `api`: a check judges an API only where its spec gives it something to judge. */
export const applicableChecks = (chosen: readonly CheckDefinition[], api: ApiName): CheckDefinition[] =>
  chosen.filter((check) => check.appliesTo?.(specModels[api]) ?? true);

/** What the checks judge: one API's answers, sent by a run or read from a recorded file (`judge`). */
export function recordedRun(
  setup: Pick<ApiSetup, 'api' | 'model' | 'mock' | 'secrets'> &
    Partial<Pick<ApiSetup, 'writesAllowed' | 'signal' | 'seed'>>,
  answers: RecordedRun['answers'],
  baseline?: ApiBaseline,
): RecordedRun {
  const run: RecordedRun = {
    api: setup.api,
    model: setup.model,
    mock: setup.mock,
    answers,
    ...present({ seed: setup.seed, writesAllowed: setup.writesAllowed }),
    ...(setup.signal ? { interrupted: setup.signal.aborted } : {}),
    valueOf: (value: TemplateValue) => filled(value, setup.secrets),
    ...(baseline ? { baseline } : {}),
  };
  // Whether another client writes to the account is learnt once, from the model of the state (the checks ask it).
  // For the checks, which compare answers with each other, a row that shows in one walk and not in another is no
  // evidence of another client: it is what a list that skips rows shows. A record there before the run that vanished
  // or changed with no write of the run between is.
  if (!setup.mock) run.othersWrite = othersWrite(timelineOf(run), { appeared: false });
  return run;
}

/** The checks `only` chooses, and each API's baseline: read before anything is sent, a bad file stops here. */
export async function chooseChecks(options: Pick<RunOptions, 'only' | 'baseline'>, apis: readonly ApiName[]) {
  const unknown = (options.only ?? []).filter((name) => !CHECKS.some((check) => check.name === name));
  if (unknown.length > 0) throw new Error(`unknown check(s): ${unknown.join(', ')}`);
  const read = options.baseline ? readBaseline(options.baseline) : undefined;
  const baselines = new Map<ApiName, ApiBaseline>();
  if (read) for (const api of apis) baselines.set(api, await apiBaseline(read, api));
  const chosen = CHECKS.filter(
    (check) => (!options.only?.length || options.only.includes(check.name)) && (!check.needsBaseline || read),
  );
  return { chosen, baselines };
}

/** Each check's verdicts, the conventions that held, then those its baseline pins held to it (warnings failed). */
export function judgeChecks(checks: readonly CheckDefinition[], run: RecordedRun, incomplete: string[]) {
  const judged: JudgedCheck[] = checks.map((check) => ({
    check: check.name,
    pinnable: pinnable(check),
    cases: judgeGuarded(check, run, incomplete),
  }));
  const operationIds = run.model.operations.map((operation) => operation.id);
  const held = conventionPoints(judged, operationIds, run.answers);
  const conventions = run.baseline
    ? holdConventions(judged, run.baseline.pins, run.baseline.file, run.answers, operationIds)
    : [];
  return { judged, held, conventions };
}

/** An operation that stopped answering, and what the run did not send it. */
function stalledNote(stall: StalledOperation): string {
  const notSent = stall.notSent > 0 ? `; ${stall.notSent} more of its requests were not sent` : '';
  return (
    `${stall.operationId} stopped answering: ${stall.unanswered} requests got no answer (last: ${stall.lastError})` +
    `${notSent}; if it is only slow, raise --timeout`
  );
}

/** How the answers a run judged cover each reading operation's combinations, and what it generated. */
function coverageOf(run: RecordedRun, depth: number): OperationCoverage[] {
  return combinationCoverage(run, run.answers, depth).map((entry) => ({
    ...entry,
    generated: run.answers.filter(
      (answer) => answer.operation.id === entry.operationId && answer.case?.step === 'generated',
    ).length,
  }));
}

/** Why an API's judged checks do not cover what was asked: every one skipped, or a check named in `only` skipped. */
export function uncheckedReasons(api: ApiName, checks: readonly CheckResult[], only: readonly string[] = []): string[] {
  const reasons: string[] = [];
  if (checks.length > 0 && checks.every((check) => check.status === 'skip'))
    reasons.push(`${api}: every check was skipped`);
  for (const check of checks.filter((entry) => only.includes(entry.check) && entry.status === 'skip'))
    reasons.push(`${api}: ${check.check} was asked for and could not check anything`);
  return reasons;
}

/** What the run saw of a rate limit, where the source documentation shows none. */
function paceObservation(pace: PaceReport): string[] {
  if (pace.throttled === 0 && pace.statedLimit === undefined) return [];
  const stated = pace.statedLimit === undefined ? '' : `; its headers state a limit of ${pace.statedLimit}`;
  const settled = pace.settledPerSecond === undefined ? '' : `; the run settled at ${pace.settledPerSecond} requests/s`;
  return [
    `rate limit: ${pace.throttled} answers were 429 (each sent again after the pause asked for, ` +
      `${Math.round(pace.pausedMs / 1000)} s paused in all)${settled}${stated}`,
  ];
}

export async function runContract(options: RunOptions = {}): Promise<RunResult> {
  const started = Date.now();
  const runId = newRunId();
  const seed = options.seed ?? randomBytes(4).readUInt32BE(0) % 2_147_483_647;
  const { chosen, baselines } = await chooseChecks(options, options.apis ?? API_NAMES);
  // An API with no check that applies to it is left out.
  const checksOf = (api: ApiName) => applicableChecks(chosen, api);
  const requested = options.apis ?? [...API_NAMES];
  const apis = requested.filter((api) => checksOf(api).length > 0);
  const incomplete: string[] = [];
  for (const api of requested.filter((name) => !apis.includes(name))) {
    const reason = `none of the chosen checks (${chosen.map((check) => check.name).join(', ')}) applies to it`;
    options.onApiLeftOut?.(api, reason);
    if (apis.length === 0) incomplete.push(`${api}: left out, as ${reason}`);
  }

  const deadline = AbortSignal.timeout(options.maxDurationMs ?? DEFAULT_MAX_DURATION_MS);
  // A bound of the run itself (memory) stops it as an interrupt would, and says why.
  const bound = new AbortController();
  let boundReason: string | undefined;
  let answersRead = 0;
  const signal = AbortSignal.any([deadline, bound.signal, ...(options.signal ? [options.signal] : [])]);
  const needMocks = apis.filter((api) => !options[api]);
  const mockKind = options.mock ?? (options.mocks ? mockKindOf(options.mocks) : 'prism');
  if (options.mocks && mockKindOf(options.mocks) !== mockKind)
    throw new Error(`the mocks given are the ${mockKindOf(options.mocks)} mocks, but mock: '${mockKind}' was asked`);
  const mocks =
    needMocks.length > 0 ? (options.mocks ?? (await startRunMocks(mockKind, needMocks, options.log))) : undefined;
  const ownMocks = mocks !== undefined && mocks !== options.mocks;
  // The stateful mock stands where a deployment would, with its own keys and known values; Prism needs none.
  const deployments: Pick<RunOptions, ApiName> = {};
  for (const api of apis) {
    const stateful = !options[api] && mocks && mockKind === 'stateful' ? statefulDeployment(mocks, api) : undefined;
    const target = options[api] ?? stateful;
    if (target) deployments[api] = target;
  }
  const redactor = deploymentRedactor(deployments);
  const clean = <T>(value: T): T => redactor.value(value) as T;
  const ledger = options.ledger ?? new Ledger(options.analytics && options.ledgerFile ? options.ledgerFile : undefined);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const heap = heapBound(options.maxHeapBytes ?? DEFAULT_MAX_HEAP_BYTES);
  const results: ApiRunResult[] = [];
  let requestCount = 0;
  try {
    for (const api of apis) {
      const target = deployments[api];
      const embeddedMock = options[api] ? undefined : mockKind;
      // The checks that need a deployment's data skip only Prism's examples: the stateful mock is judged as one.
      const mock = embeddedMock === 'prism';
      const baseUrl = target?.baseUrl.replace(/\/$/, '') ?? mocks![api]!.url;
      const checks = checksOf(api);
      const families = new Set<CaseFamily>(['baseline', ...checks.flatMap((check) => check.needs)]);
      // The embedded mock is ours, and a deployment on this machine has no one to protect: neither is paced unless
      // a pace was asked for.
      const local = !!embeddedMock || isLoopbackUrl(baseUrl);
      const apiLimits =
        local && options.limits?.maxRequestsPerSecond === undefined ? { ...limits, maxRequestsPerSecond: 0 } : limits;
      const recordIds = Object.fromEntries(
        Object.entries(RECORD_ID_OPTIONS).map(([kind, option]) => [
          kind,
          (options as Record<string, unknown>)[option] as string | undefined,
        ]),
      );
      const setup: ApiSetup = {
        api,
        model: specModels[api],
        baseUrl,
        mock,
        runId,
        seed,
        secrets: secretsOf(api, target),
        families,
        writesAllowed: !!embeddedMock || !!options.allowWrites,
        recordIds,
        examples: options.examples ?? 0,
        depth: options.depth ?? 2,
        sequences: options.sequences ?? DEFAULT_SEQUENCES,
        sequenceBudget: options.sequenceBudget ?? DEFAULT_SEQUENCE_BUDGET,
        invariants: checks.filter(isStateCheck),
        limits: apiLimits,
        signal,
        ledger,
        ...(target?.keyTransport ? { keyTransport: target.keyTransport } : {}),
        ...(baselines.get(api)?.pins.some((pin) => pin.point === 'key-place') ? { keyPlacePinned: true } : {}),
        redact: (text) => redactor.text(text),
        ...(options.log ? { log: options.log } : {}),
        onProgress: (sent, planned, phase) => options.onProgress?.({ api, sent, planned, phase }),
        onAnswer: () => {
          // Reading the heap costs more than reading an answer: every 8th answer is enough (each is capped).
          if (boundReason || ++answersRead % 8 !== 0 || !heap.reached()) return;
          boundReason = `the run reached its memory bound (${heap.text})`;
          bound.abort();
        },
      };
      const result: ApiRunResult = {
        api,
        target: baseUrl,
        mock: !!embeddedMock,
        ...(embeddedMock ? { embeddedMock } : {}),
        checks: [],
        observations: [],
        cases: { sent: 0, dropped: {}, interrupted: 0 },
        notes: [],
        leftovers: [],
      };
      results.push(result);
      options.onApiStart?.(api, baseUrl, !!embeddedMock, apiLimits.maxRequestsPerSecond, embeddedMock);
      if (signal.aborted) break;
      const outcome = await runApi(setup, `tallyport-contract-${runId}-`).catch((error: unknown) => {
        result.configError = redactor.text(error instanceof Error ? error.message : String(error));
        return undefined;
      });
      if (!outcome) continue;
      result.cases = { sent: outcome.sent, dropped: outcome.dropped, interrupted: outcome.interrupted };
      result.notes = clean([...outcome.transport.stalledOperations.map(stalledNote), ...outcome.notes]);
      result.leftovers = clean(outcome.leftovers);
      // Silences of some operations are verdicts on them; a deployment that answered nothing cannot be checked.
      const heard = outcome.answers.filter((answer) => !answer.exchange.interrupted);
      if (outcome.configError) result.configError = redactor.text(outcome.configError);
      else if (heard.length > 0 && heard.every((answer) => !answer.exchange.response))
        result.configError = redactor.text(
          `cannot reach ${api.toUpperCase()}_BASE_URL (${baseUrl}): no request got an answer ` +
            `(first: ${heard[0]!.exchange.error ?? 'no answer'})`,
        );
      requestCount += outcome.sent;
      options.onExchanges?.(api, outcome.transport.exchanges);
      if (result.configError) continue;
      const baseline = baselines.get(api);
      const recorded = recordedRun(setup, outcome.answers, baseline);
      const { judged, held, conventions } = judgeChecks(checks, recorded, incomplete);
      checks.forEach((check, index) => {
        const checkResult = clean(summarise(api, check, judged[index]!.cases, { strict: !!options.strict }));
        result.checks.push(checkResult);
        options.onCheckResult?.(checkResult);
      });
      result.pace = outcome.transport.pace;
      result.coverage = coverageOf(recorded, setup.depth);
      const observed = observeGuarded(() => observe(recorded), api, incomplete);
      result.observations = clean([...outcome.observed, ...observed, ...paceObservation(result.pace)]);
      const points = [...observeGuarded(() => observePoints(recorded), api, incomplete), ...held];
      if (options.onObserved) options.onObserved(api, points);
      if (baseline)
        result.drift = clean(driftReport(baseline, [...judgePins(recorded, baseline.pins), ...conventions], points));
      // A request that got no answer at all is judged (not_a_server_error) when that check runs; one whose answer
      // could not be read whole is not judged by any.
      const silenceJudged = checks.some((check) => check.name === notAServerError.name);
      const unanswered = outcome.answers.filter(
        (answer) => !answer.answered && !answer.exchange.interrupted && !(silenceJudged && !answer.exchange.response),
      );
      if (unanswered.length > 0)
        incomplete.push(
          `${api}: ${unanswered.length} requests got no complete answer, so were not judged ` +
            `(first: ${unanswered[0]!.exchange.error})`,
        );
      const dropped = Object.values(result.cases.dropped).reduce((sum, count) => sum + (count ?? 0), 0);
      if (dropped > 0)
        incomplete.push(
          `${api}: ${dropped} cases were not sent (request cap ${apiLimits.maxRequests}; raise --max-requests)`,
        );
      incomplete.push(...uncheckedReasons(api, result.checks, options.only));
    }
  } finally {
    if (ownMocks) await mocks!.close();
    // What was cleaned leaves the ledger; what is left stays for `cleanup`.
    ledger.compact();
  }
  const interrupted = signal.aborted;
  if (deadline.aborted && !options.signal?.aborted) incomplete.push('the run reached --max-duration');
  if (boundReason) incomplete.push(boundReason);
  const failed = results.some((result) => result.checks.some((check) => check.status === 'fail'));
  const configured = results.some((result) => result.configError);
  return {
    runId,
    seed,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    requestCount,
    interrupted,
    strict: !!options.strict,
    incomplete: incomplete.map((line) => redactor.text(line)),
    ...(ledger.file ? { ledgerFile: ledger.file } : {}),
    apis: results,
    exitCode: failed ? 1 : configured || interrupted || incomplete.length > 0 ? 2 : 0,
  };
}
