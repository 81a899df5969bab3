// The recall of the contract tester on the blind faults (faults.ts): the tester run as a QA engineer runs it, writes
// allowed and every other option at its default (as honest-runs.ts runs it: no pace on this machine, a request timeout
// beyond any answer of a deployment in this process), on each fault and on the unmodified base variant, under seeds 1
// to 5, one run at a time. It prints, per fault, under how many seeds a check failed, which checks failed (and in how
// many seeds), the checks that warned where the base did not, and the exit codes. A measurement, not a test: no
// vitest config takes it.
//
// Run it from packages/contract-tests (about 20 s a run on a quiet machine, 85 runs):
//
//   node --import ./test/blind-faults/register-ts.mjs test/blind-faults/recall.ts
//
// BLIND_FAULTS=name,name (`base` for the base variant) and BLIND_SEEDS=1,2 choose runs; BLIND_FAULTS_OUT=file.json
// also writes every run's figures there; BLIND_DETAILS=1 prints the first cases of every check that failed or warned.
// Keys are random per run and never printed.
import { rmSync, writeFileSync } from 'node:fs';
import { type RunResult, runContract } from '../../src/index.js';
import { runOptionsFor, startHonestDeployment } from '../honest-deployments/server.js';
import { BASE_VARIANT, BLIND_FAULTS, type BlindFault } from './faults.js';

/** The base variant, measured like a fault: it must pass under every seed for a failure to mean a catch. */
const BASE: BlindFault = {
  name: 'base',
  area: 'lists',
  sentence: 'none: the unmodified honest variant',
  bug: 'none',
  hooks: {},
};

/** As honest-runs.ts (run-and-judge.ts): a deployment in this process always answers, however busy the machine. */
const IN_PROCESS_TIMEOUT_MS = 300_000;

interface Measured {
  fault: string;
  seed: number;
  exitCode: number | 'error';
  failed: Record<string, number>;
  warned: string[];
  requests: number;
  seconds: number;
}

function list(variable: string | undefined): string[] | undefined {
  const entries = variable
    ?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries && entries.length > 0 ? entries : undefined;
}

/** The first cases of each check that failed or warned, one line each (BLIND_DETAILS=1). */
function details(result: RunResult): string[] {
  const lines: string[] = [];
  for (const api of result.apis) {
    for (const check of api.checks.filter((entry) => entry.status === 'fail' || entry.status === 'warn')) {
      for (const entry of check.cases.filter((one) => one.status === check.status).slice(0, 3)) {
        const reason = (entry as { reason?: string }).reason ?? '';
        lines.push(`  ${check.status} ${api.api}:${check.check}: ${entry.title} -> ${reason}`.slice(0, 400));
      }
    }
  }
  return lines;
}

function summary(result: RunResult): Pick<Measured, 'failed' | 'warned' | 'requests'> {
  const failed: Record<string, number> = {};
  const warned: string[] = [];
  for (const api of result.apis) {
    for (const check of api.checks) {
      const name = `${api.api}:${check.check}`;
      if (check.status === 'fail') failed[name] = check.cases.filter((entry) => entry.status === 'fail').length;
      if (check.status === 'warn') warned.push(name);
    }
  }
  return { failed, warned, requests: result.requestCount };
}

async function measure(fault: BlindFault, seed: number): Promise<Measured> {
  const started = performance.now();
  const deployment = await startHonestDeployment(BASE_VARIANT, fault.hooks);
  const options = runOptionsFor(deployment);
  const secrets = [deployment.analyticsKey, deployment.marketplaceKey, deployment.emptyMarketplaceKey];
  try {
    const result = await runContract({
      ...options,
      seed,
      limits: { ...options.limits, timeoutMs: IN_PROCESS_TIMEOUT_MS },
      log: () => {},
    });
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    if (process.env.BLIND_DETAILS === '1') process.stderr.write(`${details(result).join('\n')}\n`);
    return { fault: fault.name, seed, exitCode: result.exitCode, ...summary(result), seconds };
  } catch (error) {
    const text = secrets.reduce((all, secret) => all.split(secret).join('<key>'), String(error));
    process.stderr.write(`${fault.name} seed ${seed}: ${text}\n`);
    return { fault: fault.name, seed, exitCode: 'error', failed: {}, warned: [], requests: 0, seconds: 0 };
  } finally {
    await deployment.close();
    if (options.ledgerFile) rmSync(options.ledgerFile, { force: true });
  }
}

function table(faults: readonly BlindFault[], runs: readonly Measured[], seeds: readonly number[]): string {
  const baseWarned = new Set(runs.filter((run) => run.fault === 'base').flatMap((run) => run.warned));
  const rows = faults.map((fault) => {
    const mine = runs.filter((run) => run.fault === fault.name);
    const caught = mine.filter((run) => Object.keys(run.failed).length > 0).length;
    const checks = new Map<string, number>();
    for (const run of mine) for (const name of Object.keys(run.failed)) checks.set(name, (checks.get(name) ?? 0) + 1);
    const failed = [...checks].map(([name, times]) => `${name} (${times})`).join(', ') || '-';
    const warned = [...new Set(mine.flatMap((run) => run.warned))].filter((name) => !baseWarned.has(name));
    return [
      fault.name,
      fault === BASE ? '-' : fault.area,
      `${caught}/${mine.length}`,
      failed,
      fault.name === 'base' ? '-' : warned.join(', ') || '-',
      mine.map((run) => String(run.exitCode)).join(' '),
    ];
  });
  const header = [
    'fault',
    'area',
    'caught',
    'checks failed (seeds)',
    'warned, not in base',
    `exit (seeds ${seeds.join(',')})`,
  ];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const chosen = list(process.env.BLIND_FAULTS);
  const seeds = (list(process.env.BLIND_SEEDS) ?? ['1', '2', '3', '4', '5']).map(Number);
  const faults = [BASE, ...BLIND_FAULTS].filter((fault) => !chosen || chosen.includes(fault.name));
  const runs: Measured[] = [];
  for (const fault of faults) {
    for (const seed of seeds) {
      const run = await measure(fault, seed);
      runs.push(run);
      const failed = Object.keys(run.failed).join(', ') || 'none failed';
      process.stderr.write(
        `${fault.name} seed ${seed}: exit ${run.exitCode}, ${failed}, ${run.requests} requests, ${run.seconds} s\n`,
      );
    }
  }
  console.log(`Recall of the contract tester on the blind faults (base variant ${BASE_VARIANT}):\n`);
  console.log(table(faults, runs, seeds));
  console.log('\nWhat each fault breaks:');
  for (const fault of faults.filter((entry) => entry.name !== 'base'))
    console.log(`- ${fault.name}: ${fault.sentence}`);
  if (process.env.BLIND_FAULTS_OUT) writeFileSync(process.env.BLIND_FAULTS_OUT, `${JSON.stringify(runs, null, 2)}\n`);
}

await main();
