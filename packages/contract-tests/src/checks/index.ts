// The named checks, in the order reports list them. Each is a pure judge of
// recorded exchanges (see types.ts); adding one means adding a file here.
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
import { readMatchesList } from './read-matches-list.js';
import { resourceAvailability } from './resource-availability.js';
import { responseSchemaConformance } from './response-schema-conformance.js';
import { sortOrder } from './sort-order.js';
import { statusCodeConformance } from './status-code-conformance.js';
import type { CheckDefinition } from './judging/types.js';
import { writeRoundTrip } from './write-round-trip.js';

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
];

export const CHECK_NAMES = CHECKS.map((check) => check.name);

export type { CaseResult, CaseStatus, CheckDefinition, Failure, FailureKind, RecordedRun } from './judging/types.js';
