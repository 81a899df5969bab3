import { describe, expect, it } from 'vitest';
import { loadSpec, SpecValidator, type ApiName } from './support/spec.js';
import { defaultsOf, examplesOf } from './support/walk.js';

describe.each<ApiName>(['analytics', 'marketplace'])('%s spec', (api) => {
  const doc = loadSpec(api);
  const validator = new SpecValidator(doc, api);

  const examples = examplesOf(doc);
  it('has examples to check', () => {
    expect(examples.length).toBeGreaterThan(api === 'analytics' ? 12 : 15);
  });
  it.each(examples.map((example) => [example.where, example] as const))('example conforms: %s', (_, example) => {
    expect(validator.errorsOf(example.schema, example.value)).toBe('');
  });

  const defaults = defaultsOf(doc, api);
  it.each(defaults.filter((d) => !d.quirk).map((d) => [d.where, d] as const))(
    'default conforms to its own schema: %s',
    (_, entry) => {
      expect(validator.errorsOf(entry.schema, entry.value)).toBe('');
    },
  );
  it.each(defaults.filter((d) => d.quirk).map((d) => [d.where, d] as const))(
    'documented quirk still holds (default outside its schema): %s',
    (_, entry) => {
      expect(validator.errorsOf(entry.schema, entry.value)).not.toBe('');
    },
  );
});
