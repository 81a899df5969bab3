import type { RunContext } from '../context.js';
import type { ApiName } from '../specs.js';

export type CaseStatus = 'pass' | 'fail' | 'skip';

/** One verdict inside a check, e.g. "list websites: body matches the schema". */
export interface CaseResult {
  title: string;
  status: CaseStatus;
  /** Why it was skipped, or a one-line summary of a failure. */
  reason?: string;
  /** What the spec says. */
  expected?: string;
  /** What came back. */
  actual?: string;
  /** A reproducible request, keys as placeholders. */
  curl?: string;
}

export interface CheckDefinition {
  name: string;
  description: string;
  apis: readonly ApiName[];
  run(ctx: RunContext): Promise<CaseResult[]>;
}
