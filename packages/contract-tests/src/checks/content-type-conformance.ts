// content_type_conformance: a body comes with a media type its response
// declares. The source documentation shows no response media types (its
// requests ask for `Accept: application/json`), so this is a convention:
// a departure is a warning. A structured `+json` type counts as JSON.
import { responseFor } from '@tallyport/spec-model/query';
import { saysNothing } from '@tallyport/http-policy';
import { answerCheck } from './judging/check-kinds.js';
import { fail, pass, titleOf } from './judging/evidence.js';

const mediaType = (contentType: string | null | undefined): string | undefined =>
  contentType?.split(';')[0]?.trim().toLowerCase() || undefined;

export const contentTypeConformance = answerCheck(
  'content_type_conformance',
  'Every body comes with a Content-Type its response declares (a convention: none is shown).',
  (answer) => {
    const response = answer.exchange.response!;
    const declared = responseFor(answer.operation, response.status);
    if (!declared || answer.body.length === 0 || saysNothing(response.status)) return pass(titleOf(answer));
    const actual = mediaType(response.contentType);
    // A structured +json type (RFC 6839: application/problem+json) is JSON as declared.
    const json = actual && /^application\/[\w.-]+\+json$/.test(actual) ? 'application/json' : actual;
    if (json && declared.mediaTypes.includes(json)) return pass(titleOf(answer));
    return fail(
      'wrong-content-type',
      answer,
      `Content-Type ${declared.mediaTypes.join(' or ') || '(no body)'} for ${declared.key}`,
      `Content-Type ${response.contentType ?? '(none)'}`,
      { basis: 'convention' },
    );
  },
);
