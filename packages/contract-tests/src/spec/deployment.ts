// What a run knows of each API beyond its spec: the secrets that stand for
// its keys and for values only a deployment's owner knows (a valid purchase
// code), and which run options name a record to read. The one place where
// API names meet configuration; the engine reads these tables and stays
// generic.
import { type OperationModel, valueAt } from '@tallyport/spec-model/query';
import type { SecretName } from './secrets.js';
import { API_NAMES, type ApiName, specModels } from './models.js';

export interface ApiSecrets {
  /** The key every request carries. */
  key: SecretName;
  /** A valid key whose account holds no records, when the spec documents what it answers. */
  keyWithoutRecords?: SecretName;
  /** Values a deployment recognises that the spec cannot know, by parameter name. */
  knownValues: Record<string, SecretName>;
}

/** The environment variable of one secret of an API: its name upper-cased after the API's (`ANALYTICS_API_KEY`). */
const secretName = (api: ApiName, what: string): SecretName =>
  `${api.toUpperCase() as Uppercase<ApiName>}_${what.toUpperCase()}`;

/**
 * What each API's spec says a run needs beyond its key: a second key whose account holds no records where an
 * answer is what the key selects (`x-tallyport-scope: key`, a `key-without-records` message), and, for each
 * parameter whose valid values only the owner knows (an `unrecognised-value` message), a secret of its own.
 */
function secretsFromSpec(api: ApiName): ApiSecrets {
  const operations = specModels[api].operations;
  const keyed = operations.some(
    (operation) =>
      operation.scope === 'key' || operation.errorMessages.some((message) => message.trigger === 'key-without-records'),
  );
  const known = operations.flatMap((operation) =>
    operation.errorMessages.flatMap((message) =>
      message.trigger === 'unrecognised-value' && message.parameter ? [message.parameter] : [],
    ),
  );
  return {
    key: secretName(api, 'api_key'),
    ...(keyed ? { keyWithoutRecords: secretName(api, 'empty_api_key') } : {}),
    knownValues: Object.fromEntries(known.map((parameter) => [parameter, secretName(api, parameter)])),
  };
}

export const API_SECRETS: Record<ApiName, ApiSecrets> = Object.fromEntries(
  API_NAMES.map((api) => [api, secretsFromSpec(api)]),
) as Record<ApiName, ApiSecrets>;

/** Every secret of both APIs, as the environment names them: each key, the key without records, the known values. */
export const SECRET_NAMES: readonly SecretName[] = API_NAMES.flatMap((api) => {
  const { key, keyWithoutRecords, knownValues } = API_SECRETS[api];
  return [key, ...(keyWithoutRecords ? [keyWithoutRecords] : []), ...Object.values(knownValues)];
});

/** A name in camelCase, as run options write it (`purchase_code` as `purchaseCode`). */
const camel = (name: string): string => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The deployment's field that holds a known value of `parameter` (`purchase_code`: `purchaseCode`). */
export const knownValueField = camel;

/** The run option that names a record of each kind to read (`--website-id`, `--item-id`): `websiteId`, `itemId`. */
export const RECORD_ID_OPTIONS: Record<string, string> = Object.fromEntries(
  API_NAMES.flatMap((api) =>
    Object.values(specModels[api].records)
      .filter((kind) => kind.identifier)
      .map((kind) => [kind.name, `${camel(kind.name)}Id`]),
  ),
);

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

/**
 * The secrets of one API: the deployment's (its key, the second key as `emptyApiKey`, and each owner-known value
 * under its parameter's name in camelCase, `purchaseCode`), or the mock's.
 */
export function secretsOf(
  api: ApiName,
  deployment: { apiKey: string } | undefined,
): Partial<Record<SecretName, string>> {
  if (!deployment) return mockSecrets(api);
  const target = deployment as { apiKey: string } & Record<string, unknown>;
  const names = API_SECRETS[api];
  const secrets: Partial<Record<SecretName, string>> = { [names.key]: target.apiKey };
  if (names.keyWithoutRecords && typeof target.emptyApiKey === 'string')
    secrets[names.keyWithoutRecords] = target.emptyApiKey;
  for (const [parameter, secret] of Object.entries(names.knownValues)) {
    const value = target[knownValueField(parameter)];
    if (typeof value === 'string' && value !== '') secrets[secret] = value;
  }
  return secrets;
}

/** The operations whose key (and so every parameter) travels where the source documentation does not show. */
export const placeUnknown = (operation: OperationModel): boolean =>
  operation.credential !== undefined && operation.credential.in !== 'bearer' && !!operation.credential.unknown;
