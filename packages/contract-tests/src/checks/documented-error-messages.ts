// documented_error_messages: each documented condition answers the error
// outcome with the exact message the spec ties to it, and a body that states
// an outcome states one of the documented two.
import { messageOf, outcomeOf } from '../payload.js';
import { fail, pass, skip, titleOf, unanswered } from './evidence.js';
import type { CaseResult, CheckDefinition } from './types.js';

export const documentedErrorMessages: CheckDefinition = {
  name: 'documented_error_messages',
  description: 'Each documented condition answers the error outcome with its exact message; outcomes are documented.',
  needs: ['documented', 'baseline', 'coverage', 'derived'],
  judge: (run) => {
    const outcome = run.model.outcome;
    if (!outcome) return [skip('outcome and messages', 'the spec states no outcome field for this API')];
    const results: CaseResult[] = [];
    for (const exchange of run.exchanges) {
      const waiting = unanswered(exchange);
      if (waiting) {
        if (exchange.case?.message) results.push(waiting);
        continue;
      }
      const json = exchange.response!.json;
      const code = exchange.case?.message;
      const stated = outcomeOf(run.model, json);
      const hasField = typeof json === 'object' && json !== null && outcome.field in json;
      if (stated === 'other' && hasField) {
        results.push(
          fail(
            'unknown-outcome',
            exchange,
            `${outcome.field} is ${String(outcome.success)} or ${String(outcome.error)}`,
            `${outcome.field} is ${JSON.stringify((json as Record<string, unknown>)[outcome.field])}`,
            { basis: 'specified' },
          ),
        );
        continue;
      }
      if (!code) continue;
      const documented = run
        .operation(exchange.template.operationId)
        .errorMessages.find((entry) => entry.code === code);
      if (!documented) continue;
      const message = messageOf(run.model, json);
      if (stated === 'error' && message === documented.msg) results.push(pass(titleOf(exchange)));
      else
        results.push(
          fail(
            'wrong-message',
            exchange,
            `${outcome.field} ${String(outcome.error)} with ${outcome.messageField} ${documented.msg} ` +
              `(${documented.condition})`,
            stated === 'error' ? `${outcome.messageField} ${JSON.stringify(message)}` : `outcome ${stated ?? 'none'}`,
            { basis: 'specified' },
          ),
        );
    }
    return results;
  },
};
