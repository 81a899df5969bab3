import { baseline, quirkRequest, websiteIdForReads } from '../baseline.js';
import { readOnlyNegativeProbes } from '../negative-probes.js';
import { fail, noResponse, pass } from './evidence.js';
import type { CheckDefinition } from './types.js';

export const notAServerError: CheckDefinition = {
  name: 'not_a_server_error',
  description: 'No request, valid or deliberately invalid, gets a 5XX.',
  apis: ['analytics', 'marketplace'],
  async run(ctx) {
    const { entries } = await baseline(ctx);
    const { probes } = await readOnlyNegativeProbes(ctx);
    const exchanges = [
      ...entries.map((entry) => entry.exchange),
      ...(await Promise.all(probes.map((probe) => ctx.probe(probe.template)))),
    ];
    const websiteId = ctx.api === 'analytics' ? await websiteIdForReads(ctx) : undefined;
    if (websiteId !== undefined) exchanges.push(await ctx.probe(quirkRequest(ctx, websiteId)));
    return exchanges.map((exchange) => {
      const title = exchange.template.label;
      const missing = noResponse(title, exchange);
      if (missing) return missing;
      return exchange.response!.status >= 500
        ? fail(title, exchange, 'not a server error (below 500)', `HTTP ${exchange.response!.status}`)
        : pass(title);
    });
  },
};
