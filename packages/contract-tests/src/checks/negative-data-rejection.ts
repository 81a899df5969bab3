// negative_data_rejection: a request that breaks one documented rule (a value
// outside the enum, a wrong type, an impossible date, a missing required
// parameter, a field the operation forbids) is refused.
import { fail, pass, skip, titleOf, unanswered } from './evidence.js';
import { verdictOf } from '../verdict.js';
import type { CheckDefinition } from './types.js';

export const negativeDataRejection: CheckDefinition = {
  name: 'negative_data_rejection',
  description: 'A request breaking one documented rule is refused (a 429 or 5XX is never a refusal).',
  needs: ['negative', 'example', 'write'],
  judge: (run) =>
    run.exchanges
      .filter((exchange) => exchange.case?.rule && exchange.case.expect === 'refusal' && exchange.case.auth === 'valid')
      .map((exchange) => {
        const waiting = unanswered(exchange);
        if (waiting) return waiting;
        const verdict = verdictOf(run.api, exchange);
        if (verdict === 'inconclusive')
          return skip(titleOf(exchange), `HTTP ${exchange.response!.status} says nothing about the value`);
        if (verdict === 'refused') return pass(titleOf(exchange));
        return fail(
          'accepted-invalid',
          exchange,
          `a refusal: ${exchange.case!.varied} is ${exchange.case!.rule}`,
          'the request was accepted',
          { basis: 'specified' },
        );
      }),
};
