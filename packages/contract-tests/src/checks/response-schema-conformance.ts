import { baseline } from '../baseline.js';
import { readOnlyNegativeProbes } from '../negative-probes.js';
import { schemaVerdict } from './conformance.js';
import { skip } from './evidence.js';
import type { CheckDefinition } from './types.js';

export const responseSchemaConformance: CheckDefinition = {
  name: 'response_schema_conformance',
  description: 'Every JSON body, of successes and of refusals, matches the schema of its response (JSON Schema 2020-12, formats and media rules included).',
  apis: ['analytics', 'marketplace'],
  async run(ctx) {
    const { entries, skipped } = await baseline(ctx);
    // Refusals are answers too: an HTML error page for a bad parameter is a deviation.
    const { probes } = await readOnlyNegativeProbes(ctx);
    const refusals = await Promise.all(probes.map((probe) => ctx.probe(probe.template)));
    return [
      ...entries.map((entry) => schemaVerdict(ctx, entry.label, entry.exchange)),
      ...refusals.map((exchange) => schemaVerdict(ctx, exchange.template.label, exchange)),
      ...skipped.map((entry) => skip(entry.operationId, entry.reason)),
    ];
  },
};
