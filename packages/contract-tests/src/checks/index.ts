// The named checks, in the order reports list them. Each is a pure judge of
// recorded exchanges (see types.ts); adding one means adding a file here.
// Checks about what the deployment holds are invariants of the model of its
// state (src/state/invariants); checks about one answer, or one relation
// between answers, live beside this file.
import { baselineDrift } from './baseline-drift.js';
import { contentTypeConformance } from './content-type-conformance.js';
import { dateRangeEffect } from './date-range-effect.js';
import { defaultEquivalence } from './default-equivalence.js';
import { documentedErrorMessages } from './documented-error-messages.js';
import { echoedFields } from './echoed-fields.js';
import { filterEffect } from './filter-effect.js';
import { ignoredAuth } from './ignored-auth.js';
import { keyScope } from './key-scope.js';
import { linkedRecordsAgree } from './linked-records-agree.js';
import { negativeDataRejection } from './negative-data-rejection.js';
import { notAServerError } from './not-a-server-error.js';
import { pageSizeHonoured } from './page-size-honoured.js';
import { resourceAvailability } from './resource-availability.js';
import { responseSchemaConformance } from './response-schema-conformance.js';
import { sortOrder } from './sort-order.js';
import { statusCodeConformance } from './status-code-conformance.js';
import type { CheckDefinition } from './judging/types.js';
import { writeRoundTrip } from './write-round-trip.js';
import { listMatchesState } from '../state/invariants/list-matches-state.js';
import { neighboursServed } from '../state/invariants/neighbours-served.js';
import { newRecordsAlike } from '../state/invariants/new-records-alike.js';
import { pagesConsistent } from '../state/invariants/pages-consistent.js';
import { readMatchesList } from '../state/invariants/read-matches-list.js';
import { storedAsSent } from '../state/invariants/stored-as-sent.js';
import { writeIsolated } from '../state/invariants/write-isolated.js';

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
  writeRoundTrip,
  resourceAvailability,
  linkedRecordsAgree,
  keyScope,
  listMatchesState,
  pagesConsistent,
  writeIsolated,
  newRecordsAlike,
  storedAsSent,
  neighboursServed,
  baselineDrift,
];

export const CHECK_NAMES = CHECKS.map((check) => check.name);

export type { CaseResult, CaseStatus, CheckDefinition, Failure, FailureKind, RecordedRun } from './judging/types.js';
