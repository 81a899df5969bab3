// Where the CLI's lines go: results (check lines, summary, annotations) to
// stdout, or to stderr when a report is written to stdout; diagnostics (the
// banner, progress, logs, problems) to stderr. Every line passes the redactor
// as it is printed, escapes and colours and all: the last step before it
// leaves the process. The live progress line is cleared before it and drawn
// after.
import type { Redactor } from './redactor.js';
import type { Progress } from './progress.js';

export interface Writable {
  write(text: string): unknown;
}

export interface Lines {
  /** A line of the results. */
  result(line: string): void;
  /** A line for the person watching: banner, logs, warnings, problems. */
  diagnostic(line: string): void;
  /** A report written to stdout as it is (writeReports redacted its final text). */
  report(text: string): void;
}

export interface LinesOptions {
  stdout: Writable;
  stderr: Writable;
  redactor: Redactor;
  /** A report goes to stdout, so results go to stderr. */
  reportOnStdout: boolean;
  progress?: Progress;
}

export function consoleLines(options: LinesOptions): Lines {
  const { stdout, stderr, redactor } = options;
  const print = (stream: Writable, line: string) => {
    const text = `${redactor.text(line)}\n`;
    if (options.progress) options.progress.around(() => stream.write(text));
    else stream.write(text);
  };
  const results = options.reportOnStdout ? stderr : stdout;
  return {
    result: (line) => print(results, line),
    diagnostic: (line) => print(stderr, line),
    report: (text) => stdout.write(text),
  };
}
