import { baseline } from '../baseline.js';
import { statusVerdict } from './conformance.js';
import { skip } from './evidence.js';
import type { CheckDefinition } from './types.js';

export const statusCodeConformance: CheckDefinition = {
  name: 'status_code_conformance',
  description: 'Every status is declared by its operation, and conforming requests get 2XX.',
  apis: ['analytics', 'marketplace'],
  async run(ctx) {
    const { entries, skipped } = await baseline(ctx);
    return [
      ...entries.map((entry) => statusVerdict(ctx, entry.label, entry.exchange, entry.expect)),
      ...skipped.map((entry) => skip(entry.operationId, entry.reason)),
    ];
  },
};
