// The machine-readable report: the whole run result, versioned. Values pass
// the redactor before serialising (secret-named fields are masked there), and
// the serialised text passes it again as it is written (writeReports), where
// a masked span takes any JSON escape it touches; JSON.stringify writes any
// string, lone surrogates included, as valid JSON.
import type { Redactor } from './redactor.js';
import type { RunResult } from './result.js';

export const JSON_REPORT_VERSION = 1;

export interface JsonReportOptions {
  /** The version of tallyport-contract that wrote the report. */
  toolVersion?: string;
  redactor?: Redactor;
}

export function jsonReport(result: RunResult, options: JsonReportOptions = {}): string {
  const report = {
    reportVersion: JSON_REPORT_VERSION,
    tool: 'tallyport-contract',
    ...(options.toolVersion ? { toolVersion: options.toolVersion } : {}),
    ...(options.redactor ? options.redactor.value(result) : result),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
