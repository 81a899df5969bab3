import { baseline } from '../baseline.js';
import { readOnlyNegativeProbes } from '../negative-probes.js';
import { contentTypeVerdict } from './conformance.js';
import { skip } from './evidence.js';
import type { CheckDefinition } from './types.js';

export const contentTypeConformance: CheckDefinition = {
  name: 'content_type_conformance',
  description: 'Every body, of successes and of refusals, comes with a media type its response declares.',
  apis: ['analytics', 'marketplace'],
  async run(ctx) {
    const { entries, skipped } = await baseline(ctx);
    // Refusals are answers too: an HTML error page for a bad parameter is a deviation.
    const { probes } = await readOnlyNegativeProbes(ctx);
    const refusals = await Promise.all(probes.map((probe) => ctx.probe(probe.template)));
    return [
      ...entries.map((entry) => contentTypeVerdict(ctx, entry.label, entry.exchange)),
      ...refusals.map((exchange) => contentTypeVerdict(ctx, exchange.template.label, exchange)),
      ...skipped.map((entry) => skip(entry.operationId, entry.reason)),
    ];
  },
};
