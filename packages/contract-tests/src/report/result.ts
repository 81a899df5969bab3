// The shape of a run's result, as every report renders it and `runContract`
// returns it (the JSON report's schema, in report-schema.ts, follows it): per
// API the checks with their verdicts, what was sent and dropped, the notes,
// observations and coverage; a run's progress as it goes; what a judged file
// held. It lives with the reports that render it, so rendering depends on
// nothing the run does.
import type { CombinationCoverage } from '../derived/combinations.js';
import type { CaseFamily } from '../cases/types.js';
import type { CaseResult, CaseStatus } from '../checks/judging/types.js';
import type { ApiName } from '../spec/models.js';
import type { PaceReport } from '../transport/pacer.js';
import type { DriftReport } from '../baseline/drift-report.js';

export type { DriftReport };

/**
 * The embedded mocks an API without a base URL is checked against (`--mock`): Prism, which answers with the spec
 * examples whatever is sent, or the stateful mock of @tallyport/mock, whose records change with what is sent.
 */
export const EMBEDDED_MOCKS = ['prism', 'stateful'] as const;
export type EmbeddedMock = (typeof EMBEDDED_MOCKS)[number];

/** The embedded mock an API's result was checked against, if any (a result without the kind is Prism's). */
export const embeddedMockOf = (api: Pick<ApiRunResult, 'mock' | 'embeddedMock'>): EmbeddedMock | undefined =>
  api.mock ? (api.embeddedMock ?? 'prism') : undefined;

/** The phase an API's run is in, and its requests: planned once its plan is made (the writes plan as they go). */
export interface PhaseProgress {
  name:
    | 'plain calls'
    | 'cases from the spec'
    | 'cases from the data'
    | 'combinations'
    | 'generated values'
    | 'shrinking'
    | 'writes'
    | 'state sequences'
    | 'cleanup';
  sent: number;
  planned?: number;
}

export interface RunProgress {
  api: ApiName;
  /** Requests sent so far for this API. */
  sent: number;
  /** Requests planned so far for this API (it grows as each phase is planned; `phase` says what is known). */
  planned: number;
  /** The phase the API's run is in, with its requests sent and, once its plan is made, planned. */
  phase?: PhaseProgress;
}

export interface CheckResult {
  api: ApiName;
  check: string;
  description: string;
  status: CaseStatus;
  /** For a skip: why. For a failure or a warning: how many cases failed or warned. */
  reason?: string;
  cases: CaseResult[];
}

export interface ApiRunResult {
  api: ApiName;
  target: string;
  /** Whether the target is one of the embedded mocks; `embeddedMock` says which. */
  mock: boolean;
  /** Which embedded mock answered (absent from results written before there were two: Prism). */
  embeddedMock?: EmbeddedMock;
  checks: CheckResult[];
  observations: string[];
  /** Cases generated and sent, and those the budget or an interrupt dropped, by family. */
  cases: { sent: number; dropped: Partial<Record<CaseFamily, number>>; interrupted: number };
  /** What could not be covered, and requests the safety guard refused, with why. */
  notes: string[];
  configError?: string;
  /** Records this run created and could not delete (label, and id when known). */
  leftovers: string[];
  /** How the deployment's rate limit shaped the run: 429s answered, the pace it settled at. */
  pace?: PaceReport;
  /** Per reading operation: the combinations of parameter values the requests covered, and the values generated. */
  coverage?: OperationCoverage[];
  /** For a run given a baseline (`--baseline`): what held, what drifted, and what is new. */
  drift?: DriftReport;
}

export interface OperationCoverage extends CombinationCoverage {
  /** Requests sent with a generated value (text in many scripts, ranges on month ends). */
  generated: number;
}

export interface RunResult {
  runId: string;
  seed: number;
  startedAt: string;
  durationMs: number;
  requestCount: number;
  interrupted: boolean;
  /** Whether conventions that did not hold failed the run (`--strict`). */
  strict: boolean;
  /** Why the run could not check all it was asked to (budget, everything skipped), when so. */
  incomplete: string[];
  ledgerFile?: string;
  apis: ApiRunResult[];
  exitCode: 0 | 1 | 2;
  /** For a recorded file judged (`tallyport-contract judge`): what it held; nothing was sent. */
  recorded?: RecordedFileSummary;
}

/** What the file held, beside the verdicts. */
export interface RecordedFileSummary {
  /** The file judged (`-` for stdin). */
  file: string;
  entries: number;
  /** Entries mapped to an operation, and judged. */
  judged: number;
  unmatched: { count: number; first: string[] };
  malformed: { count: number; first: string[] };
}
