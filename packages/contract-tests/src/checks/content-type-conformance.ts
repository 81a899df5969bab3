// content_type_conformance: a body comes with a media type its response declares.
import { responseFor } from '@tallyport/spec-model/query';
import { fail, pass, titleOf, unanswered } from './evidence.js';
import type { CheckDefinition } from './types.js';

const mediaType = (contentType: string | null): string | undefined =>
  contentType?.split(';')[0]?.trim().toLowerCase() || undefined;

export const contentTypeConformance: CheckDefinition = {
  name: 'content_type_conformance',
  description: 'Every body comes with a Content-Type its response declares.',
  needs: ['baseline', 'coverage', 'negative', 'auth', 'documented', 'derived', 'example', 'write'],
  judge: (run) =>
    run.exchanges.map((exchange) => {
      const waiting = unanswered(exchange);
      if (waiting) return waiting;
      const response = exchange.response!;
      const declared = responseFor(run.operation(exchange.template.operationId), response.status);
      if (!declared || response.text === '' || response.status >= 500) return pass(titleOf(exchange));
      const actual = mediaType(response.contentType);
      if (actual && declared.mediaTypes.includes(actual)) return pass(titleOf(exchange));
      return fail(
        'wrong-content-type',
        exchange,
        `Content-Type ${declared.mediaTypes.join(' or ') || '(no body)'} for ${declared.key}`,
        `Content-Type ${response.contentType ?? '(none)'}`,
        { basis: 'specified' },
      );
    }),
};
