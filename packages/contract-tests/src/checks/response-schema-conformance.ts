// response_schema_conformance: every body matches the schema of the response
// declared for its status. What fails is specified where the spec's schema
// states a fact of the source documentation (a marketplace item's fields, a
// statistic row's count and value), and a convention where the spec marks
// the shape as one (`x-tallyport-convention`: the analytics envelopes, the
// types of a website's returned fields); see answers/schema.ts.
import { saysNothing } from '@tallyport/http-policy';
import { answerCheck } from './judging/check-kinds.js';
import { fail, pass, titleOf } from './judging/evidence.js';

const SHOWN = 6;

export const responseSchemaConformance = answerCheck(
  'response_schema_conformance',
  'Every body matches the schema declared for its status (shapes the spec marks as conventions warn).',
  (answer) => {
    const status = answer.status!;
    const reading = answer.schema;
    // A status that says nothing (429, 5XX, a redirect) comes with whatever body its sender had at hand.
    if (reading.valid || saysNothing(status)) return pass(titleOf(answer));
    // An empty body where an error or "no content" came says nothing the source shows.
    if (answer.body.length === 0 && (status === 204 || !/^2/.test(reading.key ?? ''))) return pass(titleOf(answer));
    const notJson = !answer.body.json
      ? answer.body.length === 0
        ? 'an empty body; '
        : `a body that is not JSON (${answer.body.jsonError ?? 'unreadable'}); `
      : '';
    const more = reading.problems.length > SHOWN ? ` (+${reading.problems.length - SHOWN} more)` : '';
    return fail(
      'schema-mismatch',
      answer,
      `the ${reading.key} schema (${reading.pointer})` +
        (reading.basis === 'convention' && reading.convention ? `: ${reading.convention}` : ''),
      `${notJson}schema errors: ${reading.problems.slice(0, SHOWN).join('; ')}${more}`,
      { basis: reading.basis ?? 'specified' },
    );
  },
);
