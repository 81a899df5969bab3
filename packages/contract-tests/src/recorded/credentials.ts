// The keys and other secrets in a recorded request. Which key a request
// carried decides its auth tag: none (or an empty one) is `missing`; with the
// keys given in the environment, the API's key is `valid`, the marketplace key
// without items is `key-without-records`, any other is `wrong`; without them,
// a key's presence is all the file shows, so any key counts as valid. The
// analytics key travels as a Bearer token; where the marketplace `api_key`
// travels is not shown by the source documentation, so it is looked for in
// the query, the body and the usual headers. Where the file holds no key at
// all (a front end's traffic, which its own server forwards with the key), a
// request without one can be counted as made with the valid key. Every
// secret found (keys, Authorization, cookies, purchase codes, any
// secret-named field) is handed to the redactor before anything of the
// exchange is read, with the placeholder a run's own output uses for the keys
// it knows.
import { isSecretName } from '@tallyport/redaction';
import type { OperationModel } from '@tallyport/spec-model/query';
import type { AuthMode } from '../cases/types.js';
import { API_SECRETS, SECRET_NAMES } from '../spec/deployment.js';
import { REDACTED } from '../report/redactor.js';
import { type SecretName, secret, type TemplateValue } from '../spec/secrets.js';
import type { ApiName } from '../spec/models.js';
import type { RecordedExchange, RecordedRequest } from './har-entry.js';

/** The keys and known values given in the environment, by the names a run gives them. */
export type RecordedKeys = Partial<Record<SecretName, string>>;

export interface KeyReading {
  auth: AuthMode;
  /** Where the key was found (its value is not one of the request's parameters). */
  place?: { in: 'query' | 'body' | 'header'; name: string };
  /** How the template shows it: a secret reference for a key this judge knows, the text otherwise (redacted). */
  shown?: TemplateValue;
  /** The secret the reference stands for, and its value (for `valueOf`). */
  known?: { name: SecretName; value: string };
}

/** The keys given in the environment, by the names a run gives them. */
export const keysFrom = (env: NodeJS.ProcessEnv): RecordedKeys =>
  Object.fromEntries(SECRET_NAMES.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));

/** Headers a key that is not a Bearer token is looked for in, beyond one named by `--marketplace-key-in`. */
const KEY_HEADERS = ['api_key', 'api-key', 'x-api-key', 'apikey'];

const BEARER = /^bearer\s+(.+)$/i;

const header = (request: RecordedRequest, name: string): string | undefined =>
  request.headers.find((entry) => entry.name.toLowerCase() === name.toLowerCase())?.value;

/** Where a key travels in the request, and its value: the first place that holds one. */
function findKey(
  operation: OperationModel,
  request: RecordedRequest,
  keyHeader: string | undefined,
): { place: KeyReading['place']; value: string; prefix?: string } | undefined {
  const credential = operation.credential;
  if (!credential) return undefined;
  const authorization = header(request, 'authorization');
  const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1]?.trim();
  const inHeader = { in: 'header', name: 'Authorization' } as const;
  const bearer = token === undefined ? undefined : { place: inHeader, value: token, prefix: 'Bearer ' };
  if (credential.in === 'bearer')
    return bearer ?? (authorization === undefined ? undefined : { place: inHeader, value: authorization });
  const name = credential.name;
  const inQuery = request.url.searchParams.get(name);
  if (inQuery !== null) return { place: { in: 'query', name }, value: inQuery };
  const inBody = request.body?.fields.find((field) => field.name === name)?.value;
  if (inBody !== undefined) return { place: { in: 'body', name }, value: inBody };
  for (const candidate of [...(keyHeader ? [keyHeader] : []), ...KEY_HEADERS]) {
    const value = header(request, candidate);
    if (value !== undefined) return { place: { in: 'header', name: candidate }, value };
  }
  return bearer;
}

/** Where keys are looked for beyond the usual places, and whether the file holds them at all. */
export interface KeyPlaces {
  /** A header the marketplace key travels in (`--marketplace-key-in header:NAME`). */
  keyHeader?: string;
  /** The keys were added after the recording (`--keys-not-recorded`): a request without one had the valid key. */
  keysNotRecorded?: boolean;
}

/** Which key the request carried, as an auth tag, and how to show it. */
export function readKey(
  api: ApiName,
  operation: OperationModel,
  request: RecordedRequest,
  keys: RecordedKeys,
  places: KeyPlaces = {},
): KeyReading {
  if (!operation.credential) return { auth: 'valid' };
  const found = findKey(operation, request, places.keyHeader);
  if (!found && places.keysNotRecorded) return { auth: 'valid' };
  if (!found || found.value.trim() === '') return { auth: 'missing', ...(found ? { place: found.place } : {}) };
  const names = API_SECRETS[api];
  const raw = `${found.prefix ?? ''}${found.value}`;
  // A credential in another scheme than the spec's (Basic for a Bearer key) is not the key.
  const bearerExpected = operation.credential.in === 'bearer';
  const emptyKey = names.keyWithoutRecords ? keys[names.keyWithoutRecords] : undefined;
  let name: SecretName | undefined;
  if (bearerExpected && found.prefix === undefined) name = undefined;
  else if (emptyKey !== undefined && found.value === emptyKey) name = names.keyWithoutRecords;
  else if (keys[names.key] === undefined || keys[names.key] === found.value) name = names.key;
  if (name === undefined) return { auth: 'wrong', place: found.place, shown: raw };
  return {
    auth: name === names.key ? 'valid' : 'key-without-records',
    place: found.place,
    shown: secret(name, found.prefix),
    known: { name, value: found.value },
  };
}

/** Every secret an exchange carries, with the placeholder to show it as. */
export function secretsIn(
  api: ApiName,
  exchange: RecordedExchange,
  key: KeyReading,
  keys: RecordedKeys,
): Array<{ value: string; placeholder: string }> {
  const found: Array<{ value: string; placeholder: string }> = [];
  if (key.known) found.push({ value: key.known.value, placeholder: `$${key.known.name}` });
  const { request } = exchange;
  // A known value only the deployment's owner has (a valid purchase code) shows as its variable.
  for (const [parameter, name] of Object.entries(API_SECRETS[api].knownValues)) {
    const sent =
      request.url.searchParams.get(parameter) ?? request.body?.fields.find((field) => field.name === parameter)?.value;
    if (sent) found.push({ value: sent, placeholder: keys[name] === sent ? `$${name}` : REDACTED });
  }
  const named = [
    ...request.headers,
    ...[...request.url.searchParams].map(([name, value]) => ({ name, value })),
    ...(request.body?.fields ?? []),
  ];
  for (const { name, value } of named) {
    // A cookie header's values are secrets below; its cookie names and attributes are not.
    if (!isSecretName(name) || value.trim() === '' || /^(set-)?cookie$/i.test(name)) continue;
    // A Bearer header is found through its token, whatever scheme word comes before it.
    const token = BEARER.exec(value)?.[1]?.trim();
    found.push({ value: token ?? value, placeholder: REDACTED });
  }
  for (const value of [...request.cookies, ...(exchange.response?.cookies ?? [])])
    found.push({ value, placeholder: REDACTED });
  return found;
}
