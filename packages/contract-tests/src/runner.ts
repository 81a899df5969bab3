// The programmatic runner. For each API: resolve the deployment (or the
// embedded mock), learn which records exist, generate the cases the selected
// checks need from the spec, fit them to the request budget, send them,
// derive the cases that need the deployment's data, make the write round
// trip when allowed, clean up, and only then let the checks judge what was
// recorded.
import { randomBytes } from 'node:crypto';
import { isSuccessStatus, type SpecModel } from '@tallyport/spec-model/query';
import { coverageCases } from './cases/coverage.js';
import type { CaseContext } from './cases/context.js';
import { derivedCases } from './cases/derived.js';
import { exampleCases } from './cases/examples.js';
import { addDropped, planCases } from './cases/plan.js';
import { type KeyTransport, sendCase, type TemplateTarget } from './cases/template.js';
import type { CaseFamily, RequestCase } from './cases/types.js';
import { CHECKS, type CaseResult, type CaseStatus, type CheckDefinition } from './checks/index.js';
import type { RecordedRun } from './checks/types.js';
import { isSecretRef, type SecretName, type TemplateValue } from './http/request.js';
import { secretRedactor } from './http/redactor.js';
import { SafetyGuard, SafetyViolation } from './http/safety.js';
import {
  DeploymentUnavailable,
  type Exchange,
  RequestBudgetExceeded,
  RunInterrupted,
  Transport,
  type TransportLimits,
} from './http/transport.js';
import { type RunningMocks, startMocks } from './mocks.js';
import { observe } from './observations.js';
import { listsRecords, outcomeOf, recordsOf } from './payload.js';
import { operation as operationOf, specValue } from './spec/operations.js';
import { API_NAMES, type ApiName, specModels } from './specs.js';
import { Ledger } from './writes/ledger.js';
import { WriteSession } from './writes/session.js';

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
  /** Seed of the drawn examples (`--seed`); random when absent, always reported. */
  seed?: number;
  /** Longest the run may take, in ms (`--max-duration`); cleanup still runs after it. */
  maxDurationMs?: number;
  /** The ledger file of creates (`--ledger`); in memory for the mock. */
  ledgerFile?: string;
  signal?: AbortSignal;
  /** Already running mocks to use instead of starting new ones. */
  mocks?: RunningMocks;
  /** The run's ledger, shared with a caller that must print leftovers on a second signal. */
  ledger?: Ledger;
  onApiStart?: (api: ApiName, target: string, mock: boolean) => void;
  onCheckResult?: (result: CheckResult) => void;
  /** Called as requests are sent, so a caller can show progress. */
  onProgress?: (progress: RunProgress) => void;
  /** Every exchange of an API once it is done (for a HAR file); texts are not yet redacted. */
  onExchanges?: (api: ApiName, exchanges: readonly Exchange[]) => void;
  log?: (line: string) => void;
}

export interface RunProgress {
  api: ApiName;
  /** Requests sent so far for this API. */
  sent: number;
  /** Requests planned so far for this API (it grows as derived cases and writes are planned). */
  planned: number;
}

export interface CheckResult {
  api: ApiName;
  check: string;
  description: string;
  status: CaseStatus;
  /** For a skip: why. For a failure or a warning: how many cases failed or warned. */
  reason?: string;
  cases: CaseResult[];
}

export interface ApiRunResult {
  api: ApiName;
  target: string;
  mock: boolean;
  checks: CheckResult[];
  observations: string[];
  /** Cases generated and sent, and those the budget or an interrupt dropped, by family. */
  cases: { sent: number; dropped: Partial<Record<CaseFamily, number>>; interrupted: number };
  /** What could not be covered, and requests the safety guard refused, with why. */
  notes: string[];
  configError?: string;
  /** Records this run created and could not delete (label, and id when known). */
  leftovers: string[];
}

export interface RunResult {
  runId: string;
  seed: number;
  startedAt: string;
  durationMs: number;
  requestCount: number;
  interrupted: boolean;
  /** Whether conventions that did not hold failed the run (`--strict`). */
  strict: boolean;
  /** Why the run could not check all it was asked to (budget, everything skipped), when so. */
  incomplete: string[];
  ledgerFile?: string;
  apis: ApiRunResult[];
  exitCode: 0 | 1 | 2;
}

export const DEFAULT_LIMITS: TransportLimits = {
  maxRequests: 1000,
  maxRequestsPerSecond: 20,
  concurrency: 4,
  timeoutMs: 10_000,
  maxResponseBytes: 8 * 1024 * 1024,
  maxRetryAfterMs: 10_000,
  maxRetries: 2,
  maxConsecutiveFailures: 8,
};
export const DEFAULT_MAX_DURATION_MS = 15 * 60_000;
/** Requests kept back from the planned cases for derived cases and the write round trip. */
const DERIVED_RESERVE = 80;
const WRITE_RESERVE = 60;
const MOCK_KEY = 'tallyport-mock-key';

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

interface ApiSetup {
  api: ApiName;
  model: SpecModel;
  baseUrl: string;
  mock: boolean;
  runId: string;
  seed: number;
  secrets: Partial<Record<SecretName, string>>;
  checks: readonly CheckDefinition[];
  families: Set<CaseFamily>;
  options: RunOptions;
  limits: TransportLimits;
  signal: AbortSignal;
  ledger: Ledger;
  keyTransport?: KeyTransport;
}

/** Sends cases; a refusal before sending (budget, interrupt, guard) is counted, not thrown. */
async function sendAll(
  transport: Transport,
  target: TemplateTarget,
  cases: readonly RequestCase[],
  tally: { dropped: Partial<Record<CaseFamily, number>>; interrupted: number; notes: string[]; planned: number },
): Promise<void> {
  tally.planned += cases.length;
  await Promise.all(
    cases.map(async (testCase) => {
      try {
        await sendCase(transport, target, testCase);
      } catch (error) {
        if (error instanceof RequestBudgetExceeded || error instanceof DeploymentUnavailable)
          addDropped(tally.dropped, { [testCase.family]: 1 });
        else if (error instanceof RunInterrupted) tally.interrupted++;
        else if (error instanceof SafetyViolation) tally.notes.push(`not sent (${testCase.title}): ${error.message}`);
        else throw error;
      }
    }),
  );
}

/** An identifier of an existing record of each kind, from the lists (or from flags), and one no record has. */
function fixturesFrom(setup: ApiSetup, exchanges: readonly Exchange[]) {
  const fixtures: Record<string, string | undefined> = {};
  const unknownIds: Record<string, string | undefined> = {};
  for (const [kind, record] of Object.entries(setup.model.records)) {
    if (!record.identifier) continue;
    const ids: Array<string | number> = [];
    for (const exchange of exchanges) {
      const operation = operationOf(setup.api, exchange.template.operationId);
      if (listsRecords(operation) !== kind || !exchange.response || exchange.error) continue;
      if (!isSuccessStatus(exchange.response.status) || outcomeOf(setup.model, exchange.response.json) === 'error')
        continue;
      for (const row of recordsOf(operation, exchange.response.json, kind) ?? []) {
        const id = row[record.identifier];
        if (typeof id === 'string' || typeof id === 'number') ids.push(id);
      }
    }
    const flag = kind === 'website' ? setup.options.websiteId : kind === 'item' ? setup.options.itemId : undefined;
    fixtures[kind] = flag ?? (ids.length > 0 ? String(ids[0]) : undefined);
    const numbers = ids.map(Number).filter(Number.isSafeInteger);
    unknownIds[kind] = String(numbers.length > 0 ? Math.max(...numbers) + 1_000_003 : 2_000_000_011);
  }
  return { fixtures, unknownIds };
}

async function runApi(setup: ApiSetup, result: ApiRunResult, guardPrefix: string) {
  const { api, model, mock, limits, signal } = setup;
  const writesAllowed = mock || !!setup.options.allowWrites;
  const guard = new SafetyGuard(writesAllowed, guardPrefix, specModels, mock);
  const transport = new Transport(setup.secrets, limits, guard, signal);
  const target: TemplateTarget = {
    api,
    baseUrl: setup.baseUrl,
    mock,
    wrongKey: `tallyport-contract-wrong-key-${setup.runId}`,
    ...(setup.keyTransport ? { keyTransport: setup.keyTransport } : {}),
  };
  const tally = { dropped: result.cases.dropped, interrupted: 0, notes: result.notes, planned: 0 };
  const progress = () =>
    setup.options.onProgress?.({
      api,
      sent: transport.requestCount,
      planned: Math.max(tally.planned, transport.requestCount),
    });
  transport.onExchange = progress;
  const wants = (family: CaseFamily) => setup.families.has(family);
  const purchaseCode = setup.secrets.MARKETPLACE_PURCHASE_CODE;
  const caseContext = (exchanges: readonly Exchange[]): CaseContext => ({
    api,
    model,
    mock,
    ...fixturesFrom(setup, exchanges),
    knownValues:
      api === 'marketplace' && purchaseCode ? { purchase_code: { secret: 'MARKETPLACE_PURCHASE_CODE' } } : {},
    hasKeyWithoutRecords: api === 'marketplace' && !!setup.secrets.MARKETPLACE_EMPTY_API_KEY,
  });
  const session = new WriteSession({
    api,
    model,
    runId: setup.runId,
    baseUrl: setup.baseUrl,
    mock,
    guard,
    ledger: setup.ledger,
    send: (testCase, options) => sendCase(transport, target, testCase, options),
    stopped: () => signal.aborted || transport.unavailableReason !== undefined,
    ...(setup.options.log ? { log: setup.options.log } : {}),
  });
  const writes = writesAllowed && wants('write') && session.possible;
  const seen = new Set<string>();
  try {
    // 1. The plain calls that need no record: they reach the deployment and list what exists.
    const first = coverageCases(caseContext([])).cases.filter((testCase) => testCase.family === 'baseline');
    const firstPlan = planCases(first, limits.maxRequests, seen);
    await sendAll(transport, target, firstPlan.kept, tally);
    const problem = preflight(setup, transport.exchanges, transport.unavailableReason);
    if (problem) {
      result.configError = problem;
      return;
    }
    // 2. Everything the spec yields, now that records are known, within the budget.
    const context = caseContext(transport.exchanges);
    const generated = coverageCases(context);
    result.notes.push(...generated.notCovered.map((line) => `not covered: ${line}`));
    const planned = [
      ...generated.cases.filter((testCase) => wants(testCase.family)),
      ...(wants('example') ? exampleCases(context, setup.options.examples ?? 0, setup.seed) : []),
    ];
    const reserve = (wants('derived') ? DERIVED_RESERVE : 0) + (writes ? WRITE_RESERVE : 0);
    const budget = Math.max(0, limits.maxRequests - transport.requestCount - reserve);
    const plan = planCases(planned, budget, seen);
    addDropped(result.cases.dropped, plan.dropped);
    await sendAll(transport, target, plan.kept, tally);
    // 3. Cases that need the deployment's own rows.
    if (wants('derived')) {
      const derived = planCases(
        derivedCases(caseContext(transport.exchanges), transport.exchanges),
        Math.max(0, limits.maxRequests - transport.requestCount - (writes ? WRITE_RESERVE : 0)),
        seen,
      );
      addDropped(result.cases.dropped, derived.dropped);
      await sendAll(transport, target, derived.kept, tally);
    }
    // 4. The write round trip, on records this run creates.
    if (writes && !signal.aborted) {
      await session.roundTrip().catch((error: unknown) => {
        if (error instanceof RequestBudgetExceeded || error instanceof DeploymentUnavailable)
          addDropped(result.cases.dropped, { write: 1 });
        else if (error instanceof RunInterrupted) tally.interrupted++;
        else if (error instanceof SafetyViolation) result.notes.push(`write stopped: ${error.message}`);
        else throw error;
      });
    }
  } finally {
    if (writesAllowed && session.possible) {
      const left = await session.cleanup().catch(() => guard.ownedIds(api).map(({ id, label }) => ({ id, label })));
      result.leftovers = left.map((entry) =>
        entry.id ? `${entry.id} (${entry.label})` : `${entry.label} (id unknown)`,
      );
    }
    if (transport.unavailableReason && !result.configError) result.configError = transport.unavailableReason;
    result.cases.sent = transport.requestCount;
    result.cases.interrupted =
      tally.interrupted + transport.exchanges.filter((exchange) => exchange.interrupted).length;
  }
  return transport;
}

/** A configuration or connectivity problem, read from the plain calls' answers. */
function preflight(setup: ApiSetup, exchanges: readonly Exchange[], unavailable: string | undefined) {
  const envName = setup.api.toUpperCase();
  if (exchanges.length === 0) return unavailable ?? undefined;
  const reached = exchanges.filter((exchange) => exchange.response);
  if (reached.length === 0)
    return `cannot reach ${envName}_BASE_URL (${setup.baseUrl}): ${exchanges[0]!.error ?? 'no answer'}`;
  const statuses = reached.map((exchange) => exchange.response!.status);
  // Where the spec does not show how a key travels, the deployment may read it elsewhere.
  const placeUnknown = setup.model.operations.some((operation) => operation.credential?.unknown);
  const hint = placeUnknown ? `; if it is read from another place, say where with --${setup.api}-key-in` : '';
  if (statuses.every((status) => status === 401 || status === 403))
    return `${envName}_API_KEY is refused (HTTP ${statuses[0]} on every plain call)${hint}`;
  if (statuses.every((status) => status === 404))
    return `${envName}_BASE_URL answers 404 to every operation: is it the base address without the API path?`;
  if (setup.model.outcome && reached.every((exchange) => outcomeOf(setup.model, exchange.response!.json) === 'error'))
    return `${envName}_API_KEY seems refused: every plain call answered ${String(setup.model.outcome.error)}${hint}`;
  return undefined;
}

function recordedRun(setup: ApiSetup, exchanges: readonly Exchange[]): RecordedRun {
  return {
    api: setup.api,
    model: setup.model,
    mock: setup.mock,
    exchanges,
    valueOf: (value: TemplateValue) =>
      isSecretRef(value) ? `${value.prefix ?? ''}${setup.secrets[value.secret] ?? ''}` : value,
    operation: (id: string) => operationOf(setup.api, id),
  };
}

export async function runContract(options: RunOptions = {}): Promise<RunResult> {
  const started = Date.now();
  const runId = newRunId();
  const seed = options.seed ?? randomBytes(4).readUInt32BE(0) % 2_147_483_647;
  const apis = options.apis ?? [...API_NAMES];
  const unknown = (options.only ?? []).filter((name) => !CHECKS.some((check) => check.name === name));
  if (unknown.length > 0) throw new Error(`unknown check(s): ${unknown.join(', ')}`);
  const checks = CHECKS.filter((check) => !options.only?.length || options.only.includes(check.name));
  const families = new Set<CaseFamily>(checks.flatMap((check) => check.needs));
  families.add('baseline');

  const deadline = AbortSignal.timeout(options.maxDurationMs ?? DEFAULT_MAX_DURATION_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const needMocks = apis.filter((api) => !options[api]);
  const mocks =
    needMocks.length > 0
      ? (options.mocks ?? (await startMocks({ apis: needMocks, ...(options.log ? { log: options.log } : {}) })))
      : undefined;
  const ownMocks = mocks !== undefined && mocks !== options.mocks;
  const mockCode = specValue<string>(
    'marketplace',
    '/components/examples/SupportedPurchase/value/data/purchase/purchase_code',
  );
  const secrets: Partial<Record<SecretName, string>> = {
    ANALYTICS_API_KEY: options.analytics?.apiKey ?? MOCK_KEY,
    MARKETPLACE_API_KEY: options.marketplace?.apiKey ?? MOCK_KEY,
    ...((options.marketplace ? options.marketplace.purchaseCode : mockCode)
      ? { MARKETPLACE_PURCHASE_CODE: options.marketplace ? options.marketplace.purchaseCode! : mockCode }
      : {}),
    ...((options.marketplace ? options.marketplace.emptyApiKey : `${MOCK_KEY}-without-items`)
      ? {
          MARKETPLACE_EMPTY_API_KEY: options.marketplace
            ? options.marketplace.emptyApiKey!
            : `${MOCK_KEY}-without-items`,
        }
      : {}),
  };
  const redactor = secretRedactor({
    ANALYTICS_API_KEY: options.analytics?.apiKey,
    MARKETPLACE_API_KEY: options.marketplace?.apiKey,
    MARKETPLACE_EMPTY_API_KEY: options.marketplace?.emptyApiKey,
    MARKETPLACE_PURCHASE_CODE: options.marketplace?.purchaseCode,
  });
  const clean = <T>(value: T): T => redactor.value(value) as T;
  const ledger = options.ledger ?? new Ledger(options.analytics && options.ledgerFile ? options.ledgerFile : undefined);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const results: ApiRunResult[] = [];
  const incomplete: string[] = [];
  let requestCount = 0;
  try {
    for (const api of apis) {
      const target = options[api];
      const mock = !target;
      const baseUrl = target?.baseUrl.replace(/\/$/, '') ?? mocks![api]!.url;
      // The embedded mock is local and ours: no rate limit unless one was asked for.
      const apiLimits =
        mock && options.limits?.maxRequestsPerSecond === undefined ? { ...limits, maxRequestsPerSecond: 0 } : limits;
      const setup: ApiSetup = {
        api,
        model: specModels[api],
        baseUrl,
        mock,
        runId,
        seed,
        secrets,
        checks,
        families,
        options,
        limits: apiLimits,
        signal,
        ledger,
        ...(target?.keyTransport ? { keyTransport: target.keyTransport } : {}),
      };
      const result: ApiRunResult = {
        api,
        target: baseUrl,
        mock,
        checks: [],
        observations: [],
        cases: { sent: 0, dropped: {}, interrupted: 0 },
        notes: [],
        leftovers: [],
      };
      results.push(result);
      options.onApiStart?.(api, baseUrl, mock);
      if (signal.aborted) break;
      const transport = await runApi(setup, result, `tallyport-contract-${runId}-`).catch((error: unknown) => {
        result.configError = error instanceof Error ? error.message : String(error);
        return undefined;
      });
      requestCount += result.cases.sent;
      if (result.configError) result.configError = redactor.text(result.configError);
      if (transport) options.onExchanges?.(api, transport.exchanges);
      if (!transport || result.configError) continue;
      const recorded = recordedRun(setup, transport.exchanges);
      for (const check of checks) {
        const checkResult = clean(summarise(api, check, check.judge(recorded), { strict: !!options.strict }));
        result.checks.push(checkResult);
        options.onCheckResult?.(checkResult);
      }
      result.observations = clean(observe(api, setup.model, transport.exchanges));
      result.notes = clean(result.notes);
      const unanswered = transport.exchanges.filter((exchange) => exchange.error && !exchange.interrupted);
      if (unanswered.length > 0)
        incomplete.push(
          `${api}: ${unanswered.length} requests got no complete answer, so were not judged ` +
            `(first: ${unanswered[0]!.error})`,
        );
      const dropped = Object.values(result.cases.dropped).reduce((sum, count) => sum + (count ?? 0), 0);
      if (dropped > 0)
        incomplete.push(
          `${api}: ${dropped} cases were not sent (request cap ${apiLimits.maxRequests}; raise --max-requests)`,
        );
      if (result.checks.length > 0 && result.checks.every((check) => check.status === 'skip'))
        incomplete.push(`${api}: every check was skipped`);
      const named = result.checks.filter((check) => options.only?.includes(check.check) && check.status === 'skip');
      for (const check of named) incomplete.push(`${api}: ${check.check} was asked for and could not check anything`);
    }
  } finally {
    if (ownMocks) await mocks!.close();
  }
  const interrupted = signal.aborted;
  if (deadline.aborted && !options.signal?.aborted) incomplete.push('the run reached --max-duration');
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
