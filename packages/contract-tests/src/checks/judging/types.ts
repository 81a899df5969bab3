// The contract between the run and its checks. A check is a pure judge: it
// reads the recorded answers of one API (each tagged with the case it
// sent) and returns verdicts; it never sends a request. Every failing
// verdict says what it rests on: a fact of the source documentation, or a
// convention. A failure is typed: its kind, basis, severity, operation,
// what the spec says, what came back and each request as a curl with keys
// as placeholders.
import type { SpecModel } from '@tallyport/spec-model/query';
import type { Basis } from '../../spec/basis.js';
import type { Answer } from '../../answers/answer.js';
import type { CaseFamily } from '../../cases/types.js';
import type { TemplateValue } from '../../spec/secrets.js';
import type { ApiName } from '../../spec/models.js';
import type { ApiBaseline } from '../../baseline/types.js';

/**
 * `warn`: a convention (not something the source documentation decides) did not hold; it fails the run only
 * with `--strict`. `interrupted`: the run was stopped before the case could be judged (never a failure).
 */
export const CASE_STATUSES = ['pass', 'fail', 'warn', 'skip', 'interrupted'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const FAILURE_KINDS = [
  'server-error',
  'no-answer',
  'unexpected-status',
  'undeclared-status',
  'wrong-content-type',
  'schema-mismatch',
  'accepted-invalid',
  'invalid-applied',
  'ignored-auth',
  'wrong-message',
  'unknown-outcome',
  'default-differs',
  'page-too-long',
  'page-too-short',
  'misordered',
  'filter-ignored',
  'filter-changed-rows',
  'outside-range',
  'range-mismatch',
  'read-differs',
  'echo-differs',
  'write-lost',
  'write-leaked',
  'write-refused',
  'not-deleted',
  'foreign-record',
  'not-available',
  'still-listed',
  'answers-disagree',
  'reference-unresolved',
  'reference-differs',
  'same-account',
  'foreign-items',
  'listed-twice',
  'row-missing',
  'sizes-disagree',
  'page-not-full',
  'total-differs',
  'record-changed',
  'record-vanished',
  'misplaced',
  'not-found-by-search',
  'part-missing',
  'part-added',
  'empty-not-stored',
  'normalised-inconsistently',
  'neighbour-served',
  'baseline-drift',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export const SEVERITIES = ['error', 'warning'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** One request a failure rests on, in the order a reader should replay them (writes first). */
export interface EvidenceStep {
  exchangeId: number;
  title: string;
  /** What came back, cut short. */
  got: string;
  curl: string;
}

export interface Failure {
  kind: FailureKind;
  basis: Basis;
  /** `error` fails the run; `warning` (a convention, without `--strict`) is reported and counted only. */
  severity: Severity;
  operationId: string;
  /** What the spec says. */
  expected: string;
  /** What came back. */
  actual: string;
  /** Reproduces the request; keys are placeholders like "$ANALYTICS_API_KEY". */
  curl?: string;
  /** The exchanges the verdict rests on. */
  exchangeIds: number[];
  /** Every exchange of `exchangeIds`, in replay order, with its curl; the first is the one `curl` reproduces. */
  steps: EvidenceStep[];
  /**
   * For a divergence from the model of the deployment's state: the command sequence that shows it, shrunk to the
   * shortest the run found (its steps are `steps`, numbered in the order sent), and how to replay it.
   */
  sequence?: { id: string; commands: number; shrunkFrom?: number; replay: string };
}

/** One verdict of a check, e.g. "listWebsites sort=asc: rows in order". */
export type CaseResult =
  | { status: 'pass'; title: string }
  | { status: 'skip'; title: string; reason: string }
  | { status: 'interrupted'; title: string; reason: string }
  | ({ status: 'fail' | 'warn'; title: string; reason: string } & Failure);

/** Everything a check may read: the API's spec model and every answer the run recorded, read once. */
export interface RecordedRun {
  api: ApiName;
  model: SpecModel;
  mock: boolean;
  answers: readonly Answer[];
  /** The value a template value stood for (secrets included), to compare echoes; never printed. */
  valueOf(value: TemplateValue): string;
  /** Whether the run was allowed to write (`--allow-writes`, or the mock), when known. */
  writesAllowed?: boolean;
  /** Whether the run was interrupted before this API's checks judged it. */
  interrupted?: boolean;
  /**
   * Another client writes to the account (the run saw records it did not write come, change or go): two answers of
   * the writable kind's list a moment apart may hold other records, so they are not compared with each other.
   */
  othersWrite?: boolean;
  /** The run's seed (`--seed`), which gives the same command sequences again. */
  seed?: number;
  /** The baseline the run was given (`--baseline`): what it pins of this API, and the spec it overlays. */
  baseline?: ApiBaseline;
}

export interface CheckDefinition {
  name: string;
  description: string;
  /** The case families the check judges; the run generates only what selected checks need. */
  needs: readonly CaseFamily[];
  /** Whether the API's spec gives the check anything to judge (see applies.ts); absent: every API. */
  appliesTo?: (model: SpecModel) => boolean;
  /** Judged only in a run given a baseline (`--baseline`); otherwise left out, as a check that applies to no API. */
  needsBaseline?: boolean;
  judge(run: RecordedRun): CaseResult[];
}
