// Writing the reports: each to its file (folders made as needed) or, for "-",
// to stdout. The redactor runs on each report's final text, the last step
// before it leaves the process: no escape or quote its writer added can
// complete a key. A report that cannot be written (a full disk, a folder in
// the way, a writer that throws) is said on stderr and the others are still
// written: the verdict's exit code is the deployment's, never the writer's.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Redactor } from './redactor.js';
import type { Exchange } from '../transport/transport.js';
import type { ApiName } from '../spec/models.js';
import { caseDurations } from './durations.js';
import { type EmbeddedMocks, harReport } from './har.js';
import { jsonReport } from './json.js';
import { junitReport } from './junit.js';
import { embeddedMockOf, type RunResult } from './result.js';
import { toolVersion } from './tool-version.js';

export interface ReportToWrite {
  /** "JUnit", "JSON", "HAR". */
  name: string;
  /** A file path, or "-" for stdout. */
  destination: string;
  render(): string;
}

/** The reports asked for (`--junit`, `--json`, `--har`: a run's exchanges), each rendered as it is written. */
export function reportsOf(
  files: { junitFile?: string; jsonFile?: string; harFile?: string },
  result: RunResult,
  redactor: Redactor,
  exchanges?: ReadonlyMap<ApiName, readonly Exchange[]>,
): ReportToWrite[] {
  const version = toolVersion();
  // Which embedded mock answered each API that was checked against one, for the HAR to mark its entries.
  const mocks: EmbeddedMocks = Object.fromEntries(result.apis.map((api) => [api.api, embeddedMockOf(api)]));
  return [
    {
      name: 'JUnit',
      destination: files.junitFile,
      render: () => junitReport(redactor.value(result), exchanges && caseDurations(exchanges)),
    },
    { name: 'JSON', destination: files.jsonFile, render: () => jsonReport(result, { toolVersion: version, redactor }) },
    {
      name: 'HAR',
      destination: files.harFile,
      render: () => harReport([...(exchanges?.values() ?? [])].flat(), version, redactor, mocks),
    },
  ].filter((report): report is ReportToWrite => !!report.destination);
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
