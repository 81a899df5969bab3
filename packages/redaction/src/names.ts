// The one list of names whose values are secrets wherever they appear: as a
// header, a query or form parameter, or a key of a JSON body.
const SECRET_NAMES = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'api_key',
  'apikey',
  'key',
  'token',
  'access-token',
  'access_token',
  'password',
  'purchase_code',
] as const;

const KNOWN = new Set<string>(SECRET_NAMES);

/** Whether a header, parameter or field name carries a secret (case-insensitive). */
export function isSecretName(name: string, extra: ReadonlySet<string> = new Set()): boolean {
  const lower = name.toLowerCase();
  return KNOWN.has(lower) || extra.has(lower);
}

export { SECRET_NAMES };
