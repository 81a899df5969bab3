import { baseline } from '../baseline.js';
import { contentTypeVerdict } from './conformance.js';
import { skip } from './evidence.js';
import type { CheckDefinition } from './types.js';

export const contentTypeConformance: CheckDefinition = {
  name: 'content_type_conformance',
  description: 'Every body comes with a media type its response declares.',
  apis: ['analytics', 'marketplace'],
  async run(ctx) {
    const { entries, skipped } = await baseline(ctx);
    return [
      ...entries.map((entry) => contentTypeVerdict(ctx, entry.label, entry.exchange)),
      ...skipped.map((entry) => skip(entry.operationId, entry.reason)),
    ];
  },
};
