// Why generation runs with `defaultNonNullable: false`: openapi-typescript 7
// otherwise turns every field with a `default` into a required one, and a
// create body would demand privacy, email and exclude_bots.
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, test } from 'vitest';

const spec = new URL('../../../specs/analytics.yaml', import.meta.url);

async function createBodyType(defaultNonNullable: boolean): Promise<string> {
  const source = astToString(await openapiTS(spec, { defaultNonNullable }));
  const start = source.indexOf('WebsiteCreateBody: {');
  return source.slice(start, source.indexOf('};', start));
}

describe('openapi-typescript default handling', () => {
  test('with its default setting, defaulted create fields would become required', async () => {
    const body = await createBodyType(true);
    expect(body).toMatch(/\bprivacy: /);
    expect(body).toMatch(/\bexclude_bots: /);
  });

  test('with defaultNonNullable false, as generate.mjs uses, they stay optional', async () => {
    const body = await createBodyType(false);
    expect(body).toMatch(/\bprivacy\?: /);
    expect(body).toMatch(/\bemail\?: /);
    expect(body).toMatch(/\bexclude_bots\?: /);
  });
});
