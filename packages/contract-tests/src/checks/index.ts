// The named checks, in the order a run executes them.
import { contentTypeConformance } from './content-type-conformance.js';
import { ignoredAuth } from './ignored-auth.js';
import { marketplaceStatusSemantics } from './marketplace-status-semantics.js';
import { negativeDataRejection } from './negative-data-rejection.js';
import { notAServerError } from './not-a-server-error.js';
import { parameterEffects } from './parameter-effects.js';
import { responseSchemaConformance } from './response-schema-conformance.js';
import { statusCodeConformance } from './status-code-conformance.js';
import type { CheckDefinition } from './types.js';
import { websiteLifecycle } from './website-lifecycle.js';

export const CHECKS: readonly CheckDefinition[] = [
  notAServerError,
  statusCodeConformance,
  contentTypeConformance,
  responseSchemaConformance,
  marketplaceStatusSemantics,
  ignoredAuth,
  negativeDataRejection,
  parameterEffects,
  websiteLifecycle,
];

export const CHECK_NAMES = CHECKS.map((check) => check.name);

export type { CheckDefinition, CaseResult, CaseStatus } from './types.js';
