// The zod schemas of `@tallyport/client/schemas` and the client's own input
// check are generated from the same facts of the spec: an input one accepts,
// the other accepts too, and an input one refuses, the other refuses.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { analyticsOperations } from '../src/generated/analytics.js';
import { marketplaceOperations } from '../src/generated/marketplace.js';
import * as schemas from '../src/schemas.js';
import { validate } from '../src/validation.js';

const accepts = (run: () => unknown) => {
  try {
    run();
    return true;
  } catch {
    return false;
  }
};

const cases = [
  [schemas.listWebsitesQuerySchema, analyticsOperations.listWebsites, 'query'],
  [schemas.getStatsQuerySchema, analyticsOperations.getStats, 'query'],
  [schemas.createWebsiteBodySchema, analyticsOperations.createWebsite, 'body'],
  [schemas.updateWebsiteBodySchema, analyticsOperations.updateWebsite, 'body'],
  [schemas.getWebsitePathSchema, analyticsOperations.getWebsite, 'path'],
  [schemas.getItemQuerySchema, marketplaceOperations.getItem, 'query'],
  [schemas.validatePurchaseBodySchema, marketplaceOperations.validatePurchase, 'body'],
] as const;

/** Values near and far from what the spec allows, under the spec's own names and a few others. */
function inputs(names: string[]) {
  const value = fc.oneof(
    fc.constantFrom(10, 25, 20, 0, 1, 2, 3, 1.5, -1, '', ' ', 'asc', 'desc', 'id', 'domain', 'count', 'value', 'url'),
    fc.constantFrom('browser', 'os', 'nope', '2026-10-01', '2026-02-30', '2026-1-1', 'x.example', '42', null),
    fc.integer(),
    fc.string({ maxLength: 12 }),
  );
  return fc.dictionary(fc.constantFrom(...names, 'perPage', 'domain', 'page'), value, { maxKeys: 5 });
}

describe('the zod schemas agree with the client input check', () => {
  for (const [schema, operation, where] of cases) {
    const names = Object.keys((operation.facts as Record<string, object>)[where] ?? {});
    test(`${names.join(', ')} (${where})`, () => {
      fc.assert(
        fc.property(inputs(names), (input) => {
          expect(schema.safeParse(input).success).toBe(accepts(() => validate('check', operation, where, input)));
        }),
        { numRuns: 300 },
      );
    });
  }
});
