// not_a_server_error: no request, valid or not, may make the deployment fail.
import { fail, pass, titleOf, unanswered } from './evidence.js';
import type { CheckDefinition } from './types.js';

export const notAServerError: CheckDefinition = {
  name: 'not_a_server_error',
  description: 'No answer is a 5XX, whatever was sent.',
  needs: ['baseline', 'coverage', 'negative', 'auth', 'documented', 'derived', 'example', 'write'],
  judge: (run) =>
    run.exchanges.map((exchange) => {
      const status = exchange.response?.status;
      if (status !== undefined && status >= 500)
        return fail('server-error', exchange, 'an answer that is not a server error (not 5XX)', `HTTP ${status}`, {
          basis: 'specified',
        });
      return unanswered(exchange) ?? pass(titleOf(exchange));
    }),
};
