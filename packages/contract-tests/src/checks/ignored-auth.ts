// ignored_auth: every operation that needs a key refuses a request without
// one and a request with a wrong one, reads and writes alike.
import { fail, pass, skip, titleOf, unanswered } from './evidence.js';
import { verdictOf } from '../verdict.js';
import type { CheckDefinition } from './types.js';

export const ignoredAuth: CheckDefinition = {
  name: 'ignored_auth',
  description: 'Requests without a key or with a wrong key are refused, on every operation.',
  needs: ['auth', 'write'],
  judge: (run) =>
    run.exchanges
      .filter((exchange) => exchange.case?.auth === 'missing' || exchange.case?.auth === 'wrong')
      .map((exchange) => {
        const waiting = unanswered(exchange);
        if (waiting) return waiting;
        const verdict = verdictOf(run.api, exchange);
        if (verdict === 'inconclusive')
          return skip(titleOf(exchange), `HTTP ${exchange.response!.status} says nothing about the key`);
        if (verdict === 'refused') return pass(titleOf(exchange));
        // An unauthorised delete answered 2XX was not taken if the record still reads right after.
        const after = run.exchanges.find(
          (other) =>
            other.id > exchange.id &&
            other.case?.step === 'read-after-unauthorised-delete' &&
            other.case.record === exchange.case!.record,
        );
        if (exchange.case!.step === 'delete' && after && verdictOf(run.api, after) === 'accepted')
          return pass(`${titleOf(exchange)} (answered HTTP ${exchange.response!.status}; the record still reads)`);
        const which = exchange.case!.auth === 'missing' ? 'without a key' : 'with a wrong key';
        return fail('ignored-auth', exchange, `a refusal of a request ${which}`, 'the request was accepted', {
          basis: 'specified',
        });
      }),
};
