// What a run knows of each API beyond its spec: the secrets that stand for
// its keys and for values only a deployment's owner knows (a valid purchase
// code), and which run options name a record to read. The one place where
// API names meet configuration; the engine reads these tables and stays
// generic.
import { valueAt } from '@tallyport/spec-model/query';
import type { SecretName } from './http/request.js';
import type { ApiName } from './specs.js';
import { specModels } from './specs.js';

export interface ApiSecrets {
  /** The key every request carries. */
  key: SecretName;
  /** A valid key whose account holds no records, when the spec documents what it answers. */
  keyWithoutRecords?: SecretName;
  /** Values a deployment recognises that the spec cannot know, by parameter name. */
  knownValues: Record<string, SecretName>;
}

export const API_SECRETS: Record<ApiName, ApiSecrets> = {
  analytics: { key: 'ANALYTICS_API_KEY', knownValues: {} },
  marketplace: {
    key: 'MARKETPLACE_API_KEY',
    keyWithoutRecords: 'MARKETPLACE_EMPTY_API_KEY',
    knownValues: { purchase_code: 'MARKETPLACE_PURCHASE_CODE' },
  },
};

/** The run option that names a record of each kind to read (`--website-id`, `--item-id`). */
export const RECORD_ID_OPTIONS = { website: 'websiteId', item: 'itemId' } as const;

/** The key the embedded mock is sent (Prism checks that a key is there, never which). */
export const MOCK_KEY = 'tallyport-mock-key';

/** Secrets for the embedded mock: a placeholder key, and known values taken from the spec's own examples. */
export function mockSecrets(api: ApiName): Partial<Record<SecretName, string>> {
  const secrets: Partial<Record<SecretName, string>> = { [API_SECRETS[api].key]: MOCK_KEY };
  const withoutRecords = API_SECRETS[api].keyWithoutRecords;
  if (withoutRecords) secrets[withoutRecords] = `${MOCK_KEY}-without-records`;
  const model = specModels[api];
  for (const [parameter, secret] of Object.entries(API_SECRETS[api].knownValues)) {
    const value = exampleValueOf(model.document, parameter);
    if (value !== undefined) secrets[secret] = value;
  }
  return secrets;
}

/** A value of `field` shown by one of the spec's response examples (the mock answers them), searched depth first. */
function exampleValueOf(document: unknown, field: string): string | undefined {
  const examples = valueAt(document as never, '/components/examples');
  const search = (node: unknown, depth: number): string | undefined => {
    if (node === null || typeof node !== 'object' || depth > 8) return undefined;
    for (const [key, value] of Object.entries(node)) {
      if (key === field && typeof value === 'string') return value;
      const found = search(value, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return search(examples, 0);
}

/** The secrets of one API: the deployment's (key, and the marketplace's optional values), or the mock's. */
export function secretsOf(
  api: ApiName,
  target: { apiKey: string } | undefined,
  extra: { purchaseCode?: string; emptyApiKey?: string } = {},
): Partial<Record<SecretName, string>> {
  if (!target) return mockSecrets(api);
  const names = API_SECRETS[api];
  const secrets: Partial<Record<SecretName, string>> = { [names.key]: target.apiKey };
  if (names.keyWithoutRecords && extra.emptyApiKey) secrets[names.keyWithoutRecords] = extra.emptyApiKey;
  for (const [parameter, secret] of Object.entries(names.knownValues)) {
    const value = parameter === 'purchase_code' ? extra.purchaseCode : undefined;
    if (value) secrets[secret] = value;
  }
  return secrets;
}
