// The registry: every named judge of a run, in the order reports list them.
// It stands above the two kinds of judge and is the only file that knows
// both: the checks (src/checks, each a pure judge of one answer or of a
// relation between answers) and the invariants of the model of the
// deployment's state (src/state/invariants). Adding a judge means adding its
// file there and its name here.
import { baselineDrift } from '../checks/baseline-drift.js';
import { contentTypeConformance } from '../checks/content-type-conformance.js';
import { dateRangeEffect } from '../checks/date-range-effect.js';
import { defaultEquivalence } from '../checks/default-equivalence.js';
import { documentedErrorMessages } from '../checks/documented-error-messages.js';
import { echoedFields } from '../checks/echoed-fields.js';
import { filterEffect } from '../checks/filter-effect.js';
import { ignoredAuth } from '../checks/ignored-auth.js';
import { keyScope } from '../checks/key-scope.js';
import { linkedRecordsAgree } from '../checks/linked-records-agree.js';
import { negativeDataRejection } from '../checks/negative-data-rejection.js';
import { notAServerError } from '../checks/not-a-server-error.js';
import { pageSizeHonoured } from '../checks/page-size-honoured.js';
import { responseSchemaConformance } from '../checks/response-schema-conformance.js';
import { sortOrder } from '../checks/sort-order.js';
import { statusCodeConformance } from '../checks/status-code-conformance.js';
import type { CheckDefinition } from '../checks/judging/types.js';
import { listMatchesState } from '../state/invariants/list-matches-state.js';
import { neighboursServed } from '../state/invariants/neighbours-served.js';
import { pagesConsistent } from '../state/invariants/pages-consistent.js';
import { readMatchesList } from '../state/invariants/read-matches-list.js';
import { storedAsSent } from '../state/invariants/stored-as-sent.js';
import { writeIsolated } from '../state/invariants/write-isolated.js';
import { withSequences } from '../state/invariants/frame.js';

/** A check's verdicts on a command sequence's requests carry the sequence, shrunk, as the invariants' do. */
const sequenced = (check: CheckDefinition): CheckDefinition =>
  'findings' in check ? check : { ...check, judge: (run) => withSequences(run, check.judge(run), check.name) };

export const CHECKS: readonly CheckDefinition[] = [
  notAServerError,
  statusCodeConformance,
  contentTypeConformance,
  responseSchemaConformance,
  negativeDataRejection,
  ignoredAuth,
  documentedErrorMessages,
  defaultEquivalence,
  pageSizeHonoured,
  sortOrder,
  filterEffect,
  dateRangeEffect,
  readMatchesList,
  echoedFields,
  linkedRecordsAgree,
  keyScope,
  listMatchesState,
  pagesConsistent,
  writeIsolated,
  storedAsSent,
  neighboursServed,
  baselineDrift,
].map(sequenced);

export const CHECK_NAMES = CHECKS.map((check) => check.name);

export type {
  CaseResult,
  CaseStatus,
  CheckDefinition,
  Failure,
  FailureKind,
  RecordedRun,
} from '../checks/judging/types.js';
