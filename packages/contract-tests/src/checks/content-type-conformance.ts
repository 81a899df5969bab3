import { contentTypeVerdict } from './conformance.js';
import { judgeEveryAnswer } from './every-answer.js';
import type { CheckDefinition } from './types.js';

export const contentTypeConformance: CheckDefinition = {
  name: 'content_type_conformance',
  description: 'Every body, of successes and of refusals, comes with a media type its response declares.',
  apis: ['analytics', 'marketplace'],
  run: (ctx) => judgeEveryAnswer(ctx, contentTypeVerdict),
};
