import { itemIdsForReads, statsRequest, validPurchaseRequest, websiteIdForReads } from '../baseline.js';
import type { AuthMode, RunContext } from '../context.js';
import type { RequestTemplate } from '../http/request.js';
import { createRunWebsite, deleteRunWebsite } from '../websites.js';
import { fail, noResponse, pass, skip } from './evidence.js';
import { refusalRule, wasRefused } from './refusal.js';
import type { CaseResult, CheckDefinition } from './types.js';

const MODES: Array<Exclude<AuthMode, 'valid' | 'empty-account'>> = ['missing', 'wrong'];
const MOCK_WRONG_KEY = 'the Prism mock accepts any non-empty key, so a wrong key cannot be refused there';

async function refusedCase(
  ctx: RunContext,
  build: (mode: AuthMode) => RequestTemplate,
  mode: AuthMode,
  fresh = false,
): Promise<CaseResult> {
  const built = build(mode);
  const template = { ...built, label: `${built.label} with ${mode === 'missing' ? 'no' : 'a wrong'} key` };
  if (mode === 'wrong' && ctx.isMock) return skip(template.label, MOCK_WRONG_KEY);
  const exchange = fresh ? await ctx.send(template) : await ctx.probe(template);
  return (
    noResponse(template.label, exchange) ??
    (wasRefused(ctx.api, exchange)
      ? pass(template.label)
      : fail(
          template.label,
          exchange,
          `a request ${mode === 'missing' ? 'without a key' : 'with a wrong key'} is ${refusalRule(ctx.api)}`,
          'accepted',
        ))
  );
}

async function analyticsCases(ctx: RunContext): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const reads: Array<(mode: AuthMode) => RequestTemplate> = [
    (auth) => ctx.request('listWebsites', { auth, label: 'list websites' }),
  ];
  const id = await websiteIdForReads(ctx);
  if (id === undefined) {
    results.push(skip('read website and statistics', 'no website to read: pass --website-id'));
  } else {
    reads.push((auth) => ctx.request('getWebsite', { pathParams: { id }, auth, label: `read website ${id}` }));
    reads.push((auth) => statsRequest(ctx, id, [], undefined, auth));
  }
  for (const build of reads) for (const mode of MODES) results.push(await refusedCase(ctx, build, mode));

  if (!ctx.settings.allowWrites) {
    results.push(
      skip('create, update and delete', 'writes need --allow-writes (tested only on websites this run creates)'),
    );
    return results;
  }
  for (const mode of MODES) {
    const title = `create website with ${mode === 'missing' ? 'no' : 'a wrong'} key`;
    if (mode === 'wrong' && ctx.isMock) {
      results.push(skip(title, MOCK_WRONG_KEY));
      continue;
    }
    const created = await createRunWebsite(ctx, `auth-${mode}`, [], mode, title);
    results.push(
      noResponse(title, created.exchange) ??
        (wasRefused('analytics', created.exchange)
          ? pass(title)
          : fail(title, created.exchange, `create ${refusalRule('analytics')}`, 'accepted')),
    );
    if (created.id !== undefined) await deleteRunWebsite(ctx, created.id);
  }
  // Update and delete are aimed only at a website of this run.
  const target = await createRunWebsite(ctx, 'auth-target');
  if (target.id === undefined) {
    results.push(skip('update and delete', 'could not create a website of this run to aim at'));
    return results;
  }
  const targetId = target.id;
  const writes: Array<(mode: AuthMode) => RequestTemplate> = [
    (auth) =>
      ctx.request('updateWebsite', {
        pathParams: { id: targetId },
        form: [['email', '1']],
        auth,
        label: `update website ${targetId}`,
      }),
    (auth) => ctx.request('deleteWebsite', { pathParams: { id: targetId }, auth, label: `delete website ${targetId}` }),
  ];
  for (const build of writes) for (const mode of MODES) results.push(await refusedCase(ctx, build, mode, true));
  await deleteRunWebsite(ctx, targetId);
  return results;
}

async function marketplaceCases(ctx: RunContext): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const builds: Array<(mode: AuthMode) => RequestTemplate> = [
    (auth) => ctx.request('getAccountDetails', { auth, label: 'account details' }),
    (auth) => ctx.request('listItems', { auth, label: 'list all items' }),
  ];
  const [itemId] = await itemIdsForReads(ctx);
  if (itemId === undefined) results.push(skip('item details', 'no item to read: pass --item-id'));
  else builds.push((auth) => ctx.request('getItem', { query: [['item_id', itemId]], auth, label: `item ${itemId}` }));
  // With an invalid code the refusal would prove nothing, so a known valid code is needed.
  if (ctx.settings.hasPurchaseCode) {
    builds.push((auth) => validPurchaseRequest(ctx, auth));
  } else {
    results.push(
      skip(
        'validate purchase',
        'needs MARKETPLACE_PURCHASE_CODE: refusing an invalid code proves nothing about the key',
      ),
    );
  }
  for (const build of builds) for (const mode of MODES) results.push(await refusedCase(ctx, build, mode));
  return results;
}

export const ignoredAuth: CheckDefinition = {
  name: 'ignored_auth',
  description: 'Missing and wrong credentials are refused on every operation.',
  apis: ['analytics', 'marketplace'],
  run: (ctx) => (ctx.api === 'analytics' ? analyticsCases(ctx) : marketplaceCases(ctx)),
};
