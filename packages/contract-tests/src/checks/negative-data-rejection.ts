import type { RunContext } from '../context.js';
import { readOnlyNegativeProbes } from '../negative-probes.js';
import { createRunWebsite, deleteRunWebsite, is2xx } from '../websites.js';
import { fail, noResponse, pass, skip } from './evidence.js';
import { refusalRule, wasRefused } from './refusal.js';
import type { CaseResult, CheckDefinition } from './types.js';

async function writeProbes(ctx: RunContext): Promise<CaseResult[]> {
  const title = (rule: string) => `create website with ${rule}`;
  if (!ctx.settings.allowWrites)
    return [skip('create and update with out-of-enum values', 'writes need --allow-writes')];
  const results: CaseResult[] = [];
  for (const [rule, field, value] of [
    ['privacy=9', 'privacy', '9'],
    ['email=2', 'email', '2'],
    ['exclude_bots=7', 'exclude_bots', '7'],
  ] as const) {
    const created = await createRunWebsite(ctx, `neg-${field}`, [[field, value]], 'valid', title(rule));
    results.push(
      noResponse(title(rule), created.exchange) ??
        (is2xx(created.exchange)
          ? fail(title(rule), created.exchange, refusalRule('analytics'), 'accepted')
          : pass(title(rule))),
    );
    if (created.id !== undefined) await deleteRunWebsite(ctx, created.id);
  }
  // An update probe needs a website of our own to aim at.
  const target = await createRunWebsite(ctx, 'neg-update');
  if (target.id === undefined) {
    results.push(skip('update website with privacy=9', 'could not create a website of this run to update'));
    return results;
  }
  const update = await ctx.send(
    ctx.request('updateWebsite', {
      pathParams: { id: target.id },
      form: [['privacy', '9']],
      label: 'update website with privacy=9',
    }),
  );
  results.push(
    noResponse('update website with privacy=9', update) ??
      (is2xx(update)
        ? fail('update website with privacy=9', update, refusalRule('analytics'), 'accepted')
        : pass('update website with privacy=9')),
  );
  await deleteRunWebsite(ctx, target.id);
  return results;
}

export const negativeDataRejection: CheckDefinition = {
  name: 'negative_data_rejection',
  description: 'Out-of-enum values, malformed or missing dates and missing required parameters are refused.',
  apis: ['analytics', 'marketplace'],
  async run(ctx) {
    const { probes, skipped } = await readOnlyNegativeProbes(ctx);
    const results: CaseResult[] = [];
    for (const probe of probes) {
      const exchange = await ctx.probe(probe.template);
      const title = probe.template.label;
      results.push(
        noResponse(title, exchange) ??
          (wasRefused(ctx.api, exchange)
            ? pass(title)
            : fail(title, exchange, `${probe.rule} is ${refusalRule(ctx.api)}`, 'accepted')),
      );
    }
    results.push(...skipped.map((reason) => skip('statistics', reason)));
    if (ctx.api === 'analytics') results.push(...(await writeProbes(ctx)));
    return results;
  },
};
