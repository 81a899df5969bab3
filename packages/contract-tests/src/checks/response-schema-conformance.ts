import { baseline } from '../baseline.js';
import { schemaVerdict } from './conformance.js';
import { skip } from './evidence.js';
import type { CheckDefinition } from './types.js';

export const responseSchemaConformance: CheckDefinition = {
  name: 'response_schema_conformance',
  description: 'Every JSON body matches the schema of its response (JSON Schema 2020-12, formats and media rules included).',
  apis: ['analytics', 'marketplace'],
  async run(ctx) {
    const { entries, skipped } = await baseline(ctx);
    return [
      ...entries.map((entry) => schemaVerdict(ctx, entry.label, entry.exchange)),
      ...skipped.map((entry) => skip(entry.operationId, entry.reason)),
    ];
  },
};
