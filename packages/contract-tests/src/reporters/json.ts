// The machine-readable report: the whole run result, versioned.
import type { RunResult } from '../runner.js';

export const JSON_REPORT_VERSION = 1;

export function jsonReport(result: RunResult): string {
  return `${JSON.stringify({ reportVersion: JSON_REPORT_VERSION, tool: 'tallyport-contract', ...result }, null, 2)}\n`;
}
