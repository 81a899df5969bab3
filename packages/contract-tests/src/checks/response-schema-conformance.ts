// response_schema_conformance: every JSON body matches the schema of the
// response that answers its status.
import { responseFor } from '@tallyport/spec-model/query';
import { validateAgainst } from '../spec/validator.js';
import { refusedInBody, successShaped } from '../verdict.js';
import { fail, pass, titleOf, unanswered } from './evidence.js';
import type { CheckDefinition } from './types.js';

const SHOWN = 6;

export const responseSchemaConformance: CheckDefinition = {
  name: 'response_schema_conformance',
  description: 'Every JSON body matches the schema of the response declared for its status.',
  needs: ['baseline', 'coverage', 'negative', 'auth', 'documented', 'derived', 'example', 'write'],
  judge: (run) =>
    run.exchanges.map((exchange) => {
      const waiting = unanswered(exchange);
      if (waiting) return waiting;
      const response = exchange.response!;
      const operation = run.operation(exchange.template.operationId);
      // A refusal in a 2XX body, where one may come, is judged by the schema of refusals (status codes are not shown).
      const due = exchange.case?.expect !== 'success' || exchange.case.auth !== 'valid';
      const refusal = due && refusedInBody(run.api, exchange) ? responseFor(operation, 400) : undefined;
      const declared = refusal ?? responseFor(operation, response.status);
      if (!declared?.schemaPointer || response.status >= 500 || response.status === 429) return pass(titleOf(exchange));
      if (response.json === undefined) {
        if (response.text === '' && !/^2/.test(declared.key)) return pass(titleOf(exchange));
        if (response.text === '' && response.status === 204) return pass(titleOf(exchange));
        return fail(
          'schema-mismatch',
          exchange,
          `a JSON body matching ${declared.key}`,
          response.text === '' ? 'an empty body' : 'a body that is not JSON',
          { basis: 'specified' },
        );
      }
      // The verdict has already read the body against the schema of its status.
      if (!refusal && successShaped(run.api, exchange)) return pass(titleOf(exchange));
      const verdict = validateAgainst(run.api, declared.schemaPointer, response.json);
      if (verdict.valid) return pass(titleOf(exchange));
      const more = verdict.problems.length > SHOWN ? ` (+${verdict.problems.length - SHOWN} more)` : '';
      return fail(
        'schema-mismatch',
        exchange,
        `the ${declared.key} schema (${declared.schemaPointer})`,
        `schema errors: ${verdict.problems.slice(0, SHOWN).join('; ')}${more}`,
        { basis: 'specified' },
      );
    }),
};
