// The stateful write check: create with defaults → read back → update a
// subset → unsent fields unchanged → delete → read refused. It only ever
// touches the website it created (the safety guard enforces it) and deletes
// it whatever happens (here, and again in the runner's cleanup).
import type { RunContext } from '../context.js';
import type { Exchange } from '../http/transport.js';
import { websiteOf, type JsonObject } from '../payload.js';
import { specValue } from '../spec/operations.js';
import { createRunWebsite, deleteRunWebsite, is2xx } from '../websites.js';
import { schemaVerdict, statusVerdict } from './conformance.js';
import { fail, noResponse, pass, skip } from './evidence.js';
import type { CaseResult, CheckDefinition } from './types.js';

const MOCK_REASON = 'the Prism mock keeps no state between requests';
// A documentation address (RFC 5737), so no real visitor is ever excluded.
const UPDATE_EXCLUDE_IPS = '203.0.113.7';

/** Create defaults as the spec states them (privacy, email, exclude_bots today). */
function createDefaults(): Record<string, unknown> {
  const properties = specValue<Record<string, JsonObject>>(
    'analytics',
    '/components/schemas/WebsiteCreateBody/properties',
  );
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([, schema]) => 'default' in schema)
      .map(([name, schema]) => [name, schema.default]),
  );
}

function mismatches(website: JsonObject | undefined, expected: Record<string, unknown>): string[] {
  if (!website) return ['no website in the body'];
  // Fields are compared loosely ("1" == 1): the website record's exact types are not shown.
  return Object.entries(expected)
    .filter(([name, value]) => !(name in website) || String(website[name]) !== String(value))
    .map(([name, value]) => {
      const got = name in website ? JSON.stringify(website[name]) : 'nothing';
      return `${name}: expected ${JSON.stringify(value)}, got ${got}`;
    });
}

function stepVerdicts(ctx: RunContext, title: string, exchange: Exchange): CaseResult {
  const status = statusVerdict(ctx, title, exchange, 'success');
  if (status.status !== 'pass') return status;
  return schemaVerdict(ctx, title, exchange);
}

async function readBack(ctx: RunContext, id: string, label: string): Promise<Exchange> {
  return ctx.send(ctx.request('getWebsite', { pathParams: { id }, label }));
}

function valuesCase(title: string, exchange: Exchange, expected: Record<string, unknown>, rule: string): CaseResult {
  const missing = noResponse(title, exchange);
  if (missing) return missing;
  const wrong = mismatches(websiteOf(exchange.response!.json), expected);
  return wrong.length === 0 ? pass(title) : fail(title, exchange, rule, wrong.join('; '));
}

async function lifecycle(ctx: RunContext): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const defaults = createDefaults();
  const created = await createRunWebsite(ctx, 'lifecycle', [], 'valid', 'create website with defaults');
  results.push(stepVerdicts(ctx, 'create with only a domain: 2XX, body matches the schema', created.exchange));
  if (!is2xx(created.exchange) || created.id === undefined) {
    results.push(
      skip(
        'rest of the lifecycle',
        created.id === undefined && is2xx(created.exchange)
          ? 'the create answer carried no id and the website was not found by domain'
          : 'create failed',
      ),
    );
    return results;
  }
  const id = created.id;
  try {
    const expectedAfterCreate = { domain: created.domain, ...defaults };
    if (ctx.isMock) {
      results.push(skip('read back: the domain and the create defaults', MOCK_REASON));
    } else {
      const read = await readBack(ctx, id, `read back website ${id}`);
      results.push(
        valuesCase(
          'read back: the domain and the create defaults',
          read,
          expectedAfterCreate,
          `the created website has domain ${created.domain} and the defaults ${JSON.stringify(defaults)}`,
        ),
      );
    }

    const update: Array<[string, string]> = [
      ['privacy', '0'],
      ['exclude_ips', UPDATE_EXCLUDE_IPS],
    ];
    const privacyEnum = specValue<number[]>('analytics', '/components/schemas/Privacy/enum');
    if (!privacyEnum.includes(0) || defaults.privacy === 0)
      throw new Error('update must change privacy to a different allowed value');
    const updated = await ctx.send(
      ctx.request('updateWebsite', {
        pathParams: { id },
        form: update,
        label: `update website ${id} (privacy, exclude_ips)`,
      }),
    );
    results.push(stepVerdicts(ctx, 'update a subset: 2XX, body matches the schema', updated));

    if (ctx.isMock) {
      results.push(skip('read back: sent fields changed, unsent fields unchanged', MOCK_REASON));
    } else {
      const read = await readBack(ctx, id, `read back website ${id} after the update`);
      results.push(
        valuesCase(
          'read back: the sent fields changed',
          read,
          Object.fromEntries(update),
          'privacy and exclude_ips take the sent values',
        ),
      );
      const unsent = Object.fromEntries(
        Object.entries(expectedAfterCreate).filter(([name]) => !update.some(([sent]) => sent === name)),
      );
      results.push(
        valuesCase(
          'read back: fields not sent are unchanged',
          read,
          unsent,
          `an update changes only what it sends: ${JSON.stringify(unsent)} stay`,
        ),
      );
    }

    const deleted = await deleteRunWebsite(ctx, id, 'valid', `delete website ${id}`);
    results.push(statusVerdict(ctx, 'delete: 2XX', deleted, 'success'));
    if (ctx.isMock) {
      results.push(skip('read after delete is refused', MOCK_REASON));
    } else {
      const gone = await readBack(ctx, id, `read website ${id} after delete`);
      const title = 'read after delete is refused';
      const missing = noResponse(title, gone);
      if (missing) results.push(missing);
      else if (is2xx(gone)) {
        // Still there: keep it registered so cleanup tries again.
        ctx.guard.created.set(id, created.domain);
        results.push(
          fail(
            title,
            gone,
            'a deleted website can no longer be read (not 2XX)',
            `HTTP ${gone.response!.status}: still readable`,
          ),
        );
      } else results.push(pass(title));
    }
  } finally {
    if (ctx.guard.created.has(id))
      await deleteRunWebsite(ctx, id, 'valid', `cleanup: delete website ${id}`).catch(() => undefined);
  }
  return results;
}

export const websiteLifecycle: CheckDefinition = {
  name: 'website_lifecycle',
  description:
    'Create with defaults, read back, update a subset, unsent fields unchanged, delete, read refused ' +
    '(only with --allow-writes; always on the mock).',
  apis: ['analytics'],
  async run(ctx) {
    if (!ctx.settings.allowWrites) return [skip('website lifecycle', 'writes need --allow-writes')];
    return lifecycle(ctx);
  },
};
