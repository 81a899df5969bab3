// The command around the engine (cli.ts is its entry): options (config.ts),
// the run, its lines (results to stdout, diagnostics and progress to stderr),
// the reports, and in GitHub Actions the annotations and the job summary.
// Nothing here changes a verdict: a report that cannot be written is said, and
// the exit code stays the deployment's.
import { existsSync } from 'node:fs';
import { type CliConfig, ConfigError, HELP, listChecksText, parseConfig } from './config/parse.js';
import { configSchema } from './config/schema.js';
import { secretRedactor } from '../report/redactor.js';
import type { Exchange } from '../transport/transport.js';
import { consoleLines, type Lines } from '../report/lines.js';
import { Progress, progressStyle } from '../report/progress.js';
import { reportsOf, writeReports } from '../report/report-files.js';
import { terminalSafe } from '../text/terminal-safe.js';
import { toolVersion } from '../report/tool-version.js';
import { checkLine, headerLine, shouldColour, summaryText, targetLine } from '../report/console.js';
import { github } from '../report/github-annotations.js';
import { reportSchema } from '../report/report-schema.js';
import { mockKindOf, type RunningMocks } from '../run/mocks.js';
import { type RunOptions, runContract } from '../run/contract.js';
import { type TakenBaseline, takeBaseline } from '../run/take-baseline.js';
import { apiBaseline, BaselineError, readBaseline } from '../baseline/overlay-read.js';
import { commandName } from './invocation.js';
import { compileResponseSchemas } from '../spec/validator.js';
import { type ApiName, specModels, WRITABLE_APIS } from '../spec/models.js';
import { API_SECRETS } from '../spec/deployment.js';
import { keysFrom } from '../recorded/credentials.js';
import { writableKind } from '@tallyport/spec-model/query';
import { cleanupLedger } from '../run/writes/cleanup.js';
import { Ledger } from '../run/writes/ledger.js';

const env = process.env;

// Every line this process prints passes the redactor, whatever produced it.
const redactor = secretRedactor(keysFrom(env));

/** Before the options are read, lines go plainly: results to stdout, the rest to stderr. */
let lines: Lines = consoleLines({ stdout: process.stdout, stderr: process.stderr, redactor, reportOnStdout: false });

/** What only prints something: help, version, lists and schemas. */
function printed(config: CliConfig): string | undefined {
  if (config.help) return HELP;
  if (config.version) return toolVersion();
  if (config.listChecks) return listChecksText();
  if (config.reportSchema) return JSON.stringify(reportSchema, null, 2);
  if (config.configSchema) return JSON.stringify(configSchema, null, 2);
  return undefined;
}

async function cleanup(config: CliConfig): Promise<number> {
  // With no ledger no run left anything: an always-run CI step passes.
  if (!existsSync(config.ledgerFile)) {
    lines.result(`nothing to clean: no ledger at ${config.ledgerFile}`);
    return 0;
  }
  // A ledger whose every record was deleted needs no deployment to say so. Only APIs whose spec names a record the
  // tester may create have anything to clean.
  let left = 0;
  let cleaned = false;
  for (const api of WRITABLE_APIS) {
    const kind = writableKind(specModels[api])!.name;
    const outstanding = new Ledger(config.ledgerFile).outstanding().filter((entry) => entry.api === api);
    if (outstanding.length === 0) continue;
    const target = config.run[api];
    const prefix = api.toUpperCase();
    if (!target)
      throw new ConfigError(
        `${config.ledgerFile} holds ${outstanding.length} ${kind}(s) to delete: cleanup needs ${prefix}_BASE_URL ` +
          `(or --${api}-url) and ${API_SECRETS[api].key}`,
      );
    const result = await cleanupLedger(api, config.ledgerFile, target);
    for (const line of result.lines) lines.result(terminalSafe(line));
    for (const line of result.left) lines.result(`  left: ${terminalSafe(line)}`);
    left += result.left.length;
    cleaned = true;
  }
  if (!cleaned) lines.result(`nothing to clean: every record in ${config.ledgerFile} was deleted`);
  return left > 0 ? 1 : 0;
}
/** The pace an API's run keeps, as its banner line says it. */
const paceText = (perSecond: number): string =>
  perSecond > 0 ? `at most ${perSecond} requests a second (--max-requests-per-second)` : 'not paced';

/** Mocks cli.ts started before the engine loaded, for the APIs it guessed. */
export interface EarlyMocks {
  apis: readonly ApiName[];
  mocks: Promise<RunningMocks | undefined>;
  /** Their log lines, printed once the run's own lines begin. */
  logged: readonly string[];
}

/** The early mocks, if they serve every API the run checks against a mock; any others are closed. */
async function mocksFor(config: CliConfig, early: EarlyMocks | undefined): Promise<RunningMocks | undefined> {
  if (early && config.command !== 'cleanup') {
    // While the mocks start: the work the run would do between its first requests. The first fetch loads Node's
    // HTTP client, as building Headers does.
    compileResponseSchemas();
    new Headers();
  }
  const mocks = await early?.mocks;
  if (!mocks) return undefined;
  const wanted = (config.run.apis ?? []).filter((api) => !config.run[api]);
  const kind = config.run.mock ?? 'prism';
  if (
    config.command !== 'cleanup' &&
    wanted.length > 0 &&
    wanted.every((api) => mocks[api]) &&
    mockKindOf(mocks) === kind
  )
    return mocks;
  void mocks.close();
  return undefined;
}

async function run(config: CliConfig, early: EarlyMocks | undefined): Promise<number> {
  const reportOnStdout = [config.junitFile, config.jsonFile, config.harFile].includes('-');
  const progress = new Progress({ style: progressStyle(config.progress, process.stderr), stream: process.stderr });
  lines = consoleLines({ stdout: process.stdout, stderr: process.stderr, redactor, reportOnStdout, progress });
  const style = {
    colour: shouldColour(reportOnStdout ? process.stderr : process.stdout, env),
    verbose: config.verbose,
    command: commandName(env),
  };
  const ledger = new Ledger(config.run.analytics ? config.ledgerFile : undefined);
  const interrupt = new AbortController();
  let interrupts = 0;
  const onSignal = (): void => {
    interrupts++;
    progress.stop();
    if (interrupts > 1) {
      const left = ledger.outstanding();
      lines.diagnostic(`Stopped. ${left.length} record(s) this tool created may be left:`);
      for (const entry of left)
        lines.diagnostic(`  ${terminalSafe(String(entry.id ?? 'id unknown'))} (${entry.label}) on ${entry.baseUrl}`);
      if (ledger.file) lines.diagnostic(`Delete them with: tallyport-contract cleanup --ledger ${ledger.file}`);
      process.exit(130);
    }
    lines.diagnostic('Interrupted: no new request starts; deleting what this run created (signal again to stop now).');
    interrupt.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  lines.diagnostic(headerLine());
  if (config.configFile) lines.diagnostic(`options from ${config.configFile}`);
  const mocks = await mocksFor(config, early);
  if (mocks) for (const line of early?.logged ?? []) lines.diagnostic(`  ${line}`);
  const exchanges = new Map<ApiName, readonly Exchange[]>();
  // `baseline` and --update-baseline run as a run does, then write what it observed.
  const baselineFile = config.baselineFile;
  const engine = baselineFile
    ? (options: RunOptions) => takeBaseline(options, baselineFile)
    : async (options: RunOptions) => ({ result: await runContract(options) }) as Partial<TakenBaseline>;
  const outcome = await engine({
    ...config.run,
    ...(mocks ? { mocks } : {}),
    ledger,
    signal: interrupt.signal,
    log: (line) => lines.diagnostic(`  ${terminalSafe(line)}`),
    onApiStart: (api, target, _mock, perSecond, embeddedMock) => {
      progress.apiStarted(api);
      lines.diagnostic(`${targetLine(api, target, embeddedMock)} · ${paceText(perSecond)}`);
    },
    onApiLeftOut: (api, reason) => lines.diagnostic(`${api}: left out, as ${reason}`),
    onProgress: (update) => progress.update(update),
    onCheckResult: (checkResult) => lines.result(checkLine(checkResult, style)),
    onExchanges: (api, list) => exchanges.set(api, list),
  }).finally(() => progress.stop());
  const result = outcome.result!;
  // The mocks stop while the summary and the reports are written.
  const closing = mocks?.close();
  lines.result(summaryText(result, style));
  if (result.apis.some((api) => api.leftovers.length > 0) && ledger.file)
    lines.result(`Delete what is left with: tallyport-contract cleanup --ledger ${ledger.file}`);
  await writeReports(reportsOf(config, result, redactor, exchanges), lines.report, lines.diagnostic, redactor);
  await github(result, env, config.verbose, lines, redactor);
  await closing;
  if (baselineFile) return baselineLine(outcome as TakenBaseline, result.exitCode);
  return result.exitCode;
}

/** What `baseline` (or --update-baseline) wrote, as the last line of its output; nothing written is exit 2. */
function baselineLine(taken: TakenBaseline, exitCode: number): number {
  const count = taken.overlay.actions.length;
  if (taken.notWritten) {
    lines.result(`baseline not written: ${taken.notWritten}`);
    return 2;
  }
  lines.result(
    taken.changed
      ? `baseline written to ${taken.file}: ${count} actions, each pinning a point observed (review, then commit it)`
      : `baseline ${taken.file} unchanged: the deployment still does what its ${count} actions pin`,
  );
  return exitCode;
}

async function main(early: EarlyMocks | undefined): Promise<number> {
  let config: CliConfig;
  try {
    config = parseConfig(process.argv.slice(2), env);
  } catch (error) {
    void early?.mocks.then((mocks) => mocks?.close());
    throw error;
  }
  if (config.overlaidSpec) {
    void early?.mocks.then((mocks) => mocks?.close());
    const read = readBaseline(config.run.baseline!);
    const { document } = await apiBaseline(read, config.overlaidSpec);
    lines.result(JSON.stringify(document, null, 2));
    return 0;
  }
  const text = printed(config);
  if (text !== undefined || config.command === 'cleanup') await mocksFor(config, early);
  if (text !== undefined) {
    lines.result(text);
    return 0;
  }
  return config.command === 'cleanup' ? cleanup(config) : run(config, early);
}

/** Runs the command; its exit code is set on the process. */
export async function runCli(early?: EarlyMocks): Promise<void> {
  try {
    process.exitCode = await main(early);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const kind = error instanceof ConfigError || error instanceof BaselineError ? 'configuration problem: ' : '';
    lines.diagnostic(`tallyport-contract: ${kind}${terminalSafe(message)}`);
    process.exitCode = 2;
  }
}
