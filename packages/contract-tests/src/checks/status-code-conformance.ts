// status_code_conformance: every status is declared for its operation, a
// request that conforms gets a 2XX, and a body that states success never
// comes with a failure status.
import { declaredResponseKeys, isSuccessStatus, responseFor } from '@tallyport/spec-model/query';
import { outcomeOf } from '../payload.js';
import { refusedInBody, successShaped } from '../verdict.js';
import { fail, inconclusive, pass, titleOf, unanswered } from './evidence.js';
import type { CheckDefinition } from './types.js';

export const statusCodeConformance: CheckDefinition = {
  name: 'status_code_conformance',
  description: 'Statuses are declared; conforming requests get 2XX; a success body never comes with a failure status.',
  needs: ['baseline', 'coverage', 'derived', 'example', 'write'],
  judge: (run) =>
    run.exchanges.map((exchange) => {
      const waiting = unanswered(exchange);
      if (waiting) return waiting;
      const operation = run.operation(exchange.template.operationId);
      const status = exchange.response!.status;
      if (!responseFor(operation, status))
        return fail(
          'undeclared-status',
          exchange,
          `a status declared by ${operation.id} (${declaredResponseKeys(operation)})`,
          `HTTP ${status} is not declared`,
          { basis: 'specified' },
        );
      if (inconclusive(status)) return pass(titleOf(exchange));
      const outcome = outcomeOf(run.model, exchange.response!.json);
      if (outcome === 'success' && !isSuccessStatus(status))
        return fail('unexpected-status', exchange, 'a success body comes with a 2XX status', `HTTP ${status}`, {
          basis: 'specified',
        });
      const conforming = exchange.case?.expect === 'success' && exchange.case.auth === 'valid';
      if (conforming && !isSuccessStatus(status))
        return fail(
          'unexpected-status',
          exchange,
          `2XX for a conforming request to ${operation.id}`,
          `HTTP ${status}`,
          { basis: 'specified' },
        );
      if (conforming && outcome === 'error')
        return fail(
          'unexpected-status',
          exchange,
          `a success outcome for a conforming request to ${operation.id}`,
          'the body states an error',
          { basis: 'specified' },
        );
      // A body the success schema rejects is response_schema_conformance's to report.
      if (conforming && refusedInBody(run.api, exchange) && successShaped(run.api, exchange))
        return fail(
          'unexpected-status',
          exchange,
          `a success for a conforming request to ${operation.id}`,
          'a refusal in a 2XX body (not the success payload, no record)',
          { basis: 'specified' },
        );
      return pass(titleOf(exchange));
    }),
};
