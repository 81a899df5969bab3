// The programmatic runner: resolves each API to a deployment or an embedded
// mock, checks connectivity and the key, runs the selected checks one after
// another, cleans up what the run created, and collects observations.
import { CHECKS, type CaseResult, type CaseStatus, type CheckDefinition } from './checks/index.js';
import { newRunId, RunContext, type RunSettings } from './context.js';
import type { SecretName } from './http/request.js';
import { secretRedactor } from './http/redactor.js';
import { SafetyGuard, SafetyViolation } from './http/safety.js';
import { RequestBudgetExceeded, Transport, type TransportLimits } from './http/transport.js';
import { startMocks, type RunningMocks } from './mocks.js';
import { observe } from './observations.js';
import { ERROR_STATUS } from './checks/refusal.js';
import { marketplaceStatus } from './payload.js';
import { specValue } from './spec/operations.js';
import { API_NAMES, type ApiName } from './specs.js';
import { cleanupRunWebsites } from './websites.js';

export interface DeploymentTarget {
  baseUrl: string;
  apiKey: string;
}

export interface RunOptions {
  apis?: ApiName[];
  /** A deployment of the Analytics API; without it, the embedded mock is used. */
  analytics?: DeploymentTarget;
  /** A deployment of the Marketplace API; without it, the embedded mock is used. */
  marketplace?: DeploymentTarget & { purchaseCode?: string; emptyApiKey?: string };
  allowWrites?: boolean;
  websiteId?: string;
  itemId?: string;
  /** Check names to run; all when empty. */
  only?: string[];
  limits?: Partial<TransportLimits>;
  signal?: AbortSignal;
  /** Already running mocks to use instead of starting new ones. */
  mocks?: RunningMocks;
  onApiStart?: (api: ApiName, target: string, mock: boolean) => void;
  onCheckStart?: (api: ApiName, check: string) => void;
  onCheckResult?: (result: CheckResult) => void;
  log?: (line: string) => void;
}

export interface CheckResult {
  api: ApiName;
  check: string;
  description: string;
  status: CaseStatus;
  /** For a skip: why. For a failure: how many cases failed. */
  reason?: string;
  cases: CaseResult[];
  durationMs: number;
}

export interface ApiRunResult {
  api: ApiName;
  target: string;
  mock: boolean;
  checks: CheckResult[];
  observations: string[];
  configError?: string;
  /** Websites this run created and could not delete. */
  leftovers: string[];
}

export interface RunResult {
  runId: string;
  startedAt: string;
  durationMs: number;
  requestCount: number;
  interrupted: boolean;
  apis: ApiRunResult[];
  exitCode: 0 | 1 | 2;
}

export const DEFAULT_LIMITS: TransportLimits = {
  maxRequests: 1000,
  maxRequestsPerSecond: 20,
  concurrency: 4,
  timeoutMs: 10_000,
};
const MOCK_KEY = 'tallyport-mock-key';

export function summarise(api: ApiName, check: CheckDefinition, cases: CaseResult[], durationMs: number): CheckResult {
  const failed = cases.filter((result) => result.status === 'fail');
  const passed = cases.filter((result) => result.status === 'pass');
  const base = { api, check: check.name, description: check.description, cases, durationMs };
  if (failed.length > 0) return { ...base, status: 'fail', reason: `${failed.length} of ${cases.length} cases failed` };
  if (passed.length > 0) return { ...base, status: 'pass' };
  const reasons = [...new Set(cases.map((result) => result.reason).filter(Boolean))];
  return { ...base, status: 'skip', reason: reasons.join('; ') || 'nothing to check' };
}

async function runCheck(ctx: RunContext, check: CheckDefinition): Promise<CaseResult[]> {
  try {
    return await check.run(ctx);
  } catch (error) {
    if (error instanceof RequestBudgetExceeded) return [{ title: check.name, status: 'skip', reason: error.message }];
    if (error instanceof SafetyViolation)
      return [
        {
          title: check.name,
          status: 'fail',
          reason: `the safety guard stopped a request: ${error.message}`,
          expected: 'only safe requests',
          actual: error.message,
        },
      ];
    const message = error instanceof Error ? error.message : String(error);
    return [
      {
        title: check.name,
        status: 'fail',
        reason: `the check could not complete: ${message}`,
        expected: 'the check completes',
        actual: message,
      },
    ];
  }
}

/** Exit 2 when the deployment cannot be reached or refuses the key outright. */
async function preflight(ctx: RunContext): Promise<string | undefined> {
  const envName = ctx.api === 'analytics' ? 'ANALYTICS' : 'MARKETPLACE';
  if (ctx.api === 'analytics') {
    const list = await ctx.probe(ctx.request('listWebsites', { label: 'list websites' }));
    if (!list.response) return `cannot reach ${envName}_BASE_URL (${ctx.baseUrl}): ${list.error}`;
    if (list.response.status === 401 || list.response.status === 403)
      return `${envName}_API_KEY is refused (HTTP ${list.response.status} on list websites)`;
    return undefined;
  }
  const account = await ctx.probe(ctx.request('getAccountDetails', { label: 'account details' }));
  if (!account.response) return `cannot reach ${envName}_BASE_URL (${ctx.baseUrl}): ${account.error}`;
  // Only an explicit 错误 on both counts as a refused key; any other oddity is
  // a finding for the checks, not a configuration problem.
  if (marketplaceStatus(account.response.json) !== ERROR_STATUS) return undefined;
  const items = await ctx.probe(ctx.request('listItems', { label: 'list all items' }));
  if (marketplaceStatus(items.response?.json) === ERROR_STATUS) {
    const answered = `both answered ${ERROR_STATUS} (HTTP ${account.response.status})`;
    return `${envName}_API_KEY seems refused: account details and the item list ${answered}`;
  }
  return undefined;
}

export async function runContract(options: RunOptions = {}): Promise<RunResult> {
  const started = Date.now();
  const runId = newRunId();
  const apis = options.apis ?? [...API_NAMES];
  const selected = CHECKS.filter((check) => !options.only?.length || options.only.includes(check.name));
  const unknown = (options.only ?? []).filter((name) => !CHECKS.some((check) => check.name === name));
  if (unknown.length > 0) throw new Error(`unknown check(s): ${unknown.join(', ')}`);

  const needMocks = apis.filter((api) => !options[api]);
  const mocks =
    needMocks.length > 0
      ? (options.mocks ?? (await startMocks({ apis: needMocks, ...(options.log ? { log: options.log } : {}) })))
      : undefined;
  const ownMocks = mocks !== undefined && mocks !== options.mocks;

  const secrets: Partial<Record<SecretName, string>> = {
    ANALYTICS_API_KEY: options.analytics?.apiKey ?? MOCK_KEY,
    MARKETPLACE_API_KEY: options.marketplace?.apiKey ?? MOCK_KEY,
    MARKETPLACE_PURCHASE_CODE: options.marketplace
      ? options.marketplace.purchaseCode
      : specValue<string>('marketplace', '/components/examples/SupportedPurchase/value/data/purchase/purchase_code'),
    MARKETPLACE_EMPTY_API_KEY: options.marketplace ? options.marketplace.emptyApiKey : `${MOCK_KEY}-without-items`,
  };
  const redactor = secretRedactor({
    ANALYTICS_API_KEY: options.analytics?.apiKey,
    MARKETPLACE_API_KEY: options.marketplace?.apiKey,
    MARKETPLACE_EMPTY_API_KEY: options.marketplace?.emptyApiKey,
    MARKETPLACE_PURCHASE_CODE: options.marketplace?.purchaseCode,
  });
  const clean = <T>(value: T): T => JSON.parse(redactor.text(JSON.stringify(value))) as T;

  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const results: ApiRunResult[] = [];
  let requestCount = 0;
  try {
    for (const api of apis) {
      const target = options[api];
      const mock = !target;
      const baseUrl = target?.baseUrl.replace(/\/$/, '') ?? mocks![api]!.url;
      const settings: RunSettings = {
        runId,
        allowWrites: mock || !!options.allowWrites,
        ...(options.websiteId ? { websiteId: options.websiteId } : {}),
        ...(options.itemId ? { itemId: options.itemId } : {}),
        hasPurchaseCode: !!secrets.MARKETPLACE_PURCHASE_CODE,
        hasEmptyAccountKey: !!secrets.MARKETPLACE_EMPTY_API_KEY,
      };
      const guard = new SafetyGuard(settings.allowWrites, `tallyport-contract-${runId}-`);
      // The embedded mock is local and ours: no rate limit unless one was asked for.
      const apiLimits =
        mock && options.limits?.maxRequestsPerSecond === undefined ? { ...limits, maxRequestsPerSecond: 0 } : limits;
      const transport = new Transport(secrets, apiLimits, guard, options.signal);
      const ctx = new RunContext(api, baseUrl, mock, settings, transport, guard);
      const result: ApiRunResult = { api, target: baseUrl, mock, checks: [], observations: [], leftovers: [] };
      options.onApiStart?.(api, baseUrl, mock);
      results.push(result);
      try {
        const configError = await preflight(ctx);
        if (configError) {
          result.configError = redactor.text(configError);
          continue;
        }
        for (const check of selected.filter((candidate) => candidate.apis.includes(api))) {
          if (options.signal?.aborted) break;
          options.onCheckStart?.(api, check.name);
          const checkStarted = Date.now();
          const cases = await runCheck(ctx, check);
          const checkResult = clean(summarise(api, check, cases, Date.now() - checkStarted));
          result.checks.push(checkResult);
          options.onCheckResult?.(checkResult);
        }
      } finally {
        if (api === 'analytics') result.leftovers = await cleanupRunWebsites(ctx);
        result.observations = clean(observe(api, transport.exchanges));
        requestCount += transport.requestCount;
      }
    }
  } finally {
    if (ownMocks) await mocks!.close();
  }
  const interrupted = !!options.signal?.aborted;
  const failed = results.some((result) => result.checks.some((check) => check.status === 'fail'));
  const configured = results.some((result) => result.configError);
  return {
    runId,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    requestCount,
    interrupted,
    apis: results,
    exitCode: configured || interrupted ? 2 : failed ? 1 : 0,
  };
}
