// The commands of the rehearsal run to completion one at a time (the local registry lives in a process of its
// own, so waiting synchronously blocks nothing it needs). Their output goes to a log file, not the terminal: the
// rehearsal prints one line per step, and the end of the log when a command fails.
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';

export interface CommandOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The file every line of output is appended to. */
  log: string;
  timeoutMs?: number;
}

export class CommandError extends Error {
  constructor(
    readonly commandLine: string,
    readonly status: number | null,
    readonly output: string,
  ) {
    const tail = output.trimEnd().split('\n').slice(-40).join('\n');
    super(`\`${commandLine}\` ${status === null ? 'was stopped' : `exited with ${status}`}${tail ? `:\n${tail}` : ''}`);
    this.name = 'CommandError';
  }
}

/** Runs a command, its output appended to the log; returns that output, throws CommandError on failure. */
export function run(command: string, args: string[], options: CommandOptions): string {
  const { result, logged } = spawnLogged(command, args, options, 'log', 10 * 60_000);
  const output = logged();
  if (result.error) throw new CommandError([command, ...args].join(' '), null, `${output}\n${result.error.message}`);
  if (result.status !== 0) throw new CommandError([command, ...args].join(' '), result.status, output);
  return output;
}

/** Runs a command whose standard output the rehearsal reads (JSON, a version); stderr goes to the log. */
export function capture(command: string, args: string[], options: CommandOptions): string {
  const { result, logged } = spawnLogged(command, args, options, 'pipe', 5 * 60_000);
  const stdout = String(result.stdout ?? '');
  if (result.error || result.status !== 0)
    throw new CommandError(
      [command, ...args].join(' '),
      result.status,
      `${stdout}\n${logged()}\n${result.error?.message ?? ''}`,
    );
  return stdout;
}

/** Runs a command with stderr (and stdout, unless piped) appended to the log; `logged()` is what it appended. */
function spawnLogged(
  command: string,
  args: string[],
  options: CommandOptions,
  stdout: 'log' | 'pipe',
  defaultTimeoutMs: number,
) {
  const before = logSize(options.log);
  const fd = openSync(options.log, 'a');
  try {
    const result = spawnSync(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', stdout === 'log' ? fd : 'pipe', fd],
      encoding: 'utf8',
      timeout: options.timeoutMs ?? defaultTimeoutMs,
      maxBuffer: 64 * 1024 * 1024,
      killSignal: 'SIGKILL',
    });
    return { result, logged: () => logSince(options.log, before) };
  } finally {
    closeSync(fd);
  }
}

const logSince = (file: string, offset: number): string => readFileSync(file).subarray(offset).toString('utf8');

function logSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
