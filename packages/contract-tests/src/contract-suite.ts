// The contract checks as tests of a test runner the team already uses
// (./vitest, ./node-test): one test per API and check. This is the part both
// share: one run for all the tests of a call (against the deployments the
// environment names, as `tallyport-contract` reads them, the embedded mocks,
// or a recorded file judged), started once the runner knows which tests it
// will run, so a test filter (`-t`) also limits what is sent; then each
// check's outcome, told as the console tells it: a failure with the same
// evidence and curl, a convention that did not hold as a passing test with
// its warning beside it (unless `strict`), a skip with its reason.
import type { CaseStatus } from './checks/judging/types.js';
import { CHECK_NAMES, CHECKS } from './registry/index.js';
import { parseConfig } from './cli/config/parse.js';
import { keysFrom } from './recorded/credentials.js';
import { judgeHar } from './recorded/judge.js';
import { groupLines } from './report/console.js';
import { verdictGroups } from './report/groups.js';
import { DEFAULT_MAX_DURATION_MS, type RunOptions, runContract } from './run/contract.js';
import type { CheckResult, RunResult } from './report/result.js';
import { API_NAMES, type ApiName } from './spec/models.js';

export interface ContractTestOptions {
  /** A recorded HAR file to judge instead of sending requests (`tallyport-contract judge`). */
  recorded?: string;
  /** APIs to test (a `describe` each); all by default. */
  apis?: ApiName[];
  /** Checks to test (a test each); all by default. */
  only?: string[];
  /** Conventions that do not hold fail their tests too. */
  strict?: boolean;
  /**
   * Where the deployments and keys come from, as for `tallyport-contract` (and its config file in the working
   * folder): `ANALYTICS_BASE_URL`, `ANALYTICS_API_KEY`… An API without a base URL is tested against its embedded
   * mock. Default `process.env`.
   */
  env?: NodeJS.ProcessEnv;
  /** Any other option of a run (`runContract`), over what the environment gives. */
  run?: Partial<RunOptions>;
  /** How long the run (or the judging) may take before the tests time out, in ms (default 16 minutes). */
  timeoutMs?: number;
}

/** How one check of one API came out, for its test. */
export type CheckOutcome =
  | { status: 'pass'; warning?: string }
  | { status: 'fail'; message: string }
  | { status: 'skip'; reason: string };

const STYLE = { colour: false, verbose: true } as const;

/** The failures or warnings of some check results, as the console's summary shows them. */
function evidence(results: readonly CheckResult[], status: 'fail' | 'warn'): string {
  const apis = results.map((check) => ({ api: check.api, checks: [check] }));
  return verdictGroups({ apis } as unknown as RunResult, status)
    .flatMap((group) => groupLines(group, STYLE))
    .join('\n');
}

export class ContractSuite {
  readonly apis: ApiName[];
  readonly checks: string[];
  readonly timeoutMs: number;
  private started: Promise<RunResult | Error | undefined> | undefined;

  constructor(private readonly options: ContractTestOptions = {}) {
    this.apis = options.apis ?? [...API_NAMES];
    this.checks = options.only?.length ? CHECK_NAMES.filter((name) => options.only!.includes(name)) : [...CHECK_NAMES];
    this.timeoutMs = options.timeoutMs ?? DEFAULT_MAX_DURATION_MS + 60_000;
  }

  /** Starts the run once, for the tests the runner will run (all when it does not say); none: no run. */
  start(selected?: ReadonlyArray<{ api: ApiName; check: string }>): Promise<RunResult | Error | undefined> {
    this.started ??= this.run(selected).catch((error: unknown) =>
      error instanceof Error ? error : new Error(String(error)),
    );
    return this.started;
  }

  private async run(
    selected: ReadonlyArray<{ api: ApiName; check: string }> | undefined,
  ): Promise<RunResult | undefined> {
    const apis = selected ? this.apis.filter((api) => selected.some((test) => test.api === api)) : this.apis;
    const only = selected ? this.checks.filter((check) => selected.some((test) => test.check === check)) : this.checks;
    if (apis.length === 0) return undefined;
    const env = this.options.env ?? process.env;
    // Every check is run when all are selected, so a run's own output stays what the CLI gives.
    const checks = only.length === CHECK_NAMES.length ? [] : only;
    if (this.options.recorded) {
      const explicit = this.options.apis ? { apis } : {};
      const strict = !!this.options.strict;
      return judgeHar(this.options.recorded, { ...explicit, only: checks, strict, keys: keysFrom(env) });
    }
    const config = parseConfig([], env);
    const strict = this.options.strict ?? !!config.run.strict;
    return runContract({ ...config.run, ...this.options.run, apis, only: checks, strict });
  }

  /** How `check` of `api` came out (starting the run if no one has). */
  async outcome(api: ApiName, check: string): Promise<CheckOutcome> {
    const result = await this.start();
    if (result instanceof Error) return { status: 'fail', message: `the run could not start: ${result.message}` };
    if (!result) return { status: 'skip', reason: 'no test of this suite was selected' };
    const runs = result.apis.filter((entry) => entry.api === api);
    const problems = runs.flatMap((entry) => (entry.configError ? [`${entry.target}: ${entry.configError}`] : []));
    if (problems.length > 0) return { status: 'fail', message: `configuration problem: ${problems.join('; ')}` };
    const results = runs.flatMap((entry) => entry.checks.filter((one) => one.check === check));
    if (results.length === 0 && CHECKS.some((entry) => entry.name === check && entry.needsBaseline))
      return { status: 'skip', reason: 'no baseline was given (baseline in tallyport.config.json, or run.baseline)' };
    if (results.length === 0)
      return {
        status: 'skip',
        reason: this.options.recorded ? `the file holds no ${api} exchange` : `${api} was not run`,
      };
    const has = (status: CaseStatus) => results.some((one) => one.status === status);
    const incomplete = result.incomplete.length > 0 ? `\n\nnot fully checked: ${result.incomplete.join('; ')}` : '';
    if (has('fail')) return { status: 'fail', message: `${evidence(results, 'fail')}${incomplete}` };
    if (has('interrupted'))
      return { status: 'fail', message: `interrupted: ${results.map((one) => one.reason).join('; ')}${incomplete}` };
    if (has('warn') || has('pass'))
      return { status: 'pass', ...(has('warn') ? { warning: evidence(results, 'warn') } : {}) };
    return { status: 'skip', reason: [...new Set(results.map((one) => one.reason ?? 'nothing to check'))].join('; ') };
  }
}

/** An error whose message is the whole story: the evidence, without a stack of this library's frames. */
export function contractFailure(message: string): Error {
  const error = new Error(message);
  error.name = 'ContractFailure';
  error.stack = `${error.name}: ${message}`;
  return error;
}
