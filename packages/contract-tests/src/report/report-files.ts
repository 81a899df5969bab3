// Writing the reports: each to its file (folders made as needed) or, for "-",
// to stdout. The redactor runs on each report's final text, the last step
// before it leaves the process: no escape or quote its writer added can
// complete a key. A report that cannot be written (a full disk, a folder in
// the way, a writer that throws) is said on stderr and the others are still
// written: the verdict's exit code is the deployment's, never the writer's.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Redactor } from './redactor.js';

export interface ReportToWrite {
  /** "JUnit", "JSON", "HAR". */
  name: string;
  /** A file path, or "-" for stdout. */
  destination: string;
  render(): string;
}

/** Writes each report, redacted as a whole; returns the problems, one line each, already said through `problem`. */
export async function writeReports(
  reports: readonly ReportToWrite[],
  toStdout: (text: string) => void,
  problem: (line: string) => void,
  redactor?: Pick<Redactor, 'text'>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const report of reports) {
    try {
      const rendered = report.render();
      const text = redactor ? redactor.text(rendered) : rendered;
      if (report.destination === '-') toStdout(text);
      else {
        const path = resolve(report.destination);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, text);
      }
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const line = `tallyport-contract: could not write the ${report.name} report to ${report.destination}: ${why}`;
      problems.push(line);
      problem(line);
    }
  }
  return problems;
}
