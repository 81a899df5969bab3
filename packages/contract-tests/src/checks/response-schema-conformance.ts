import { schemaVerdict } from './conformance.js';
import { judgeEveryAnswer } from './every-answer.js';
import type { CheckDefinition } from './types.js';

export const responseSchemaConformance: CheckDefinition = {
  name: 'response_schema_conformance',
  description:
    'Every JSON body, of successes and of refusals, matches the schema of its response ' +
    '(JSON Schema 2020-12, formats and media rules included).',
  apis: ['analytics', 'marketplace'],
  run: (ctx) => judgeEveryAnswer(ctx, schemaVerdict),
};
