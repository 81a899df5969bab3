import { describe, expect, it } from 'vitest';
import { type ApiName, specUnderTest } from './support/spec.js';
import { defaultsOf, examplesOf } from './support/walk.js';

const specs = { analytics: await specUnderTest('analytics'), marketplace: await specUnderTest('marketplace') };

describe.each<ApiName>(['analytics', 'marketplace'])('%s spec', (api) => {
  const spec = specs[api];

  const examples = examplesOf(spec);
  it('has examples to check', () => {
    expect(examples.length).toBeGreaterThan(api === 'analytics' ? 12 : 15);
  });
  it.each(examples.map((example) => [example.where, example] as const))('example conforms: %s', (_, example) => {
    expect(spec.errorsOf(example.schema, example.value)).toBe('');
  });

  const defaults = defaultsOf(spec);
  it.each(defaults.filter((d) => !d.quirk).map((d) => [d.where, d] as const))(
    'default conforms to its own schema: %s',
    (_, entry) => {
      expect(spec.errorsOf(entry.schema, entry.value)).toBe('');
    },
  );
  it.each(defaults.filter((d) => d.quirk).map((d) => [d.where, d] as const))(
    'documented quirk still holds (default outside its schema): %s',
    (_, entry) => {
      expect(spec.errorsOf(entry.schema, entry.value)).not.toBe('');
    },
  );
});
