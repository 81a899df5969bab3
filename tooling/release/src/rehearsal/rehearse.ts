// The rehearsal from start to end around its steps: a temporary folder, the steps in order, and whatever
// happened, the local registry stopped and the folder removed; then the last line, `release rehearsal: ok
// (...)` or the step that failed, and the exit code (0 or 1).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usualRegistry } from './npm-config.js';
import { failedLine, formatDuration, runSteps, type Step } from './step-runner.js';
import { type Rehearsal, rehearsalSteps } from './steps.js';

export interface RehearseOptions {
  /** The repository to rehearse the release of (its committed HEAD). */
  source: string;
  /** Keep the temporary folder (clone, registry storage, consumer projects, log). */
  keep?: boolean;
  /** Where every command's output goes (kept); by default a file in the temporary folder. */
  log?: string;
  steps?: Step<Rehearsal>[];
  print?: (line: string) => void;
  /** Called with the rehearsal's state once created, so a caller can clean up after an interruption. */
  onStart?: (rehearsal: Rehearsal) => void;
}

export function newRehearsal(source: string, log?: string): Rehearsal {
  const work = mkdtempSync(join(tmpdir(), 'tallyport-release-rehearsal-'));
  mkdirSync(join(work, 'npm'));
  const globalconfig = join(work, 'npm', 'global-npmrc');
  return {
    source,
    work,
    clone: join(work, 'repository'),
    log: log ?? join(work, 'rehearsal.log'),
    npmFiles: { userconfig: join(work, 'npm', 'npmrc'), globalconfig },
    usualRegistry: usualRegistry(process.env, globalconfig),
    env: process.env,
    versionsBefore: new Map(),
    released: [],
  };
}

/** Runs the rehearsal; resolves to the exit code. */
export async function rehearse(options: RehearseOptions): Promise<number> {
  const print = options.print ?? ((line: string) => console.log(line));
  const started = Date.now();
  const rehearsal = newRehearsal(options.source, options.log);
  options.onStart?.(rehearsal);
  print(`release rehearsal of ${options.source} (commands log to ${rehearsal.log})`);
  let outcome: Awaited<ReturnType<typeof runSteps>> | undefined;
  try {
    outcome = await runSteps(rehearsal, options.steps ?? rehearsalSteps(), print);
  } finally {
    if (rehearsal.registry) {
      const stopping = Date.now();
      await rehearsal.registry.stop();
      print(`  ok    stop local registry: stopped (${formatDuration(Date.now() - stopping)})`);
    }
    if (outcome && !outcome.ok && !options.log && existsSync(rehearsal.log)) {
      const kept = join(tmpdir(), `tallyport-release-rehearsal-${Date.now()}.log`);
      copyFileSync(rehearsal.log, kept);
      print(`  every command's output: ${kept}`);
    }
    if (options.keep) print(`  kept: ${rehearsal.work}`);
    else rmSync(rehearsal.work, { recursive: true, force: true });
  }
  if (!outcome.ok) {
    print(failedLine(outcome));
    return 1;
  }
  const versions = rehearsal.released.map((p) => `${p.name}@${p.version}`).join(', ');
  print(
    `release rehearsal: ok (${rehearsal.released.length} packages, versions ${versions}) ` +
      `in ${formatDuration(Date.now() - started)}`,
  );
  return 0;
}
