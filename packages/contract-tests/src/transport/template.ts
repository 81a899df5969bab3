// Turns a case into the request that is sent: each value goes where its
// parameter travels (path, query, header or form body), and the key where
// the spec's credential says, as a secret reference that only the transport
// fills in.
import { type OperationModel, operationById } from '@tallyport/spec-model/query';
import { API_SECRETS } from '../spec/deployment.js';
import type { RequestTemplate } from './request.js';
import { secret, type TemplateValue } from '../spec/secrets.js';
import type { Exchange, Transport } from './transport.js';
import { type ApiName, specModels } from '../spec/models.js';
import type { AuthMode, ParameterTransport, RequestCase } from '../cases/types.js';

/**
 * Where a key that is not a bearer token travels. The spec's place is a choice where the source documentation
 * says "not shown" (the marketplace `api_key`), so a deployment may read it elsewhere.
 */
export type KeyTransport =
  /** As the spec describes the credential. */
  | 'spec'
  /** Always in the query string. */
  | 'query'
  /** In the form body of operations that send one, in the query string otherwise. */
  | 'form'
  /** Always in this header. */
  | { header: string };

export const describeTransport = (transport: ParameterTransport): string =>
  `${transport.params === 'query' ? 'the query string' : `a ${transport.params === 'json' ? 'JSON' : 'form'} body`}` +
  (typeof transport.key === 'object' ? `, the key in the header ${transport.key.header}` : '');

export interface TemplateTarget {
  api: ApiName;
  baseUrl: string;
  mock: boolean;
  /** A key no deployment accepts, the same for the whole run. */
  wrongKey: string;
  keyTransport?: KeyTransport;
  /** Operations found to read their parameters elsewhere than the spec's place (see run/transports.ts). */
  parameterTransports?: ReadonlyMap<string, ParameterTransport>;
}

/** Where the key goes: the transport chosen for the run, or the spec's place. */
function keyPlace(target: TemplateTarget, operation: OperationModel, specIn: string, name: string) {
  const chosen = target.keyTransport ?? 'spec';
  if (typeof chosen === 'object') return { in: 'header', name: chosen.header };
  if (chosen === 'query') return { in: 'query', name };
  if (chosen === 'form') return { in: operation.body ? 'body' : 'query', name };
  return { in: specIn, name };
}

function keyValue(target: TemplateTarget, auth: AuthMode, prefix?: string): TemplateValue | undefined {
  if (auth === 'missing') return undefined;
  if (auth === 'wrong') return `${prefix ?? ''}${target.wrongKey}`;
  if (auth === 'blank') return prefix ?? '';
  if (auth === 'whitespace') return `${prefix ?? ''}   `;
  const secrets = API_SECRETS[target.api];
  const name = auth === 'key-without-records' ? (secrets.keyWithoutRecords ?? secrets.key) : secrets.key;
  return secret(name, prefix);
}

export function toTemplate(target: TemplateTarget, operation: OperationModel, testCase: RequestCase): RequestTemplate {
  const query: Array<[string, TemplateValue]> = [];
  const headers: Array<[string, TemplateValue]> = [['Accept', 'application/json']];
  const form: Array<[string, TemplateValue]> = [];
  const placed = testCase.transport ?? target.parameterTransports?.get(operation.id);
  const paramsIn = placed ? (placed.params === 'query' ? 'query' : 'body') : undefined;
  const credential = operation.credential;
  if (credential) {
    const isBearer = credential.in === 'bearer';
    const key = keyValue(target, testCase.auth, isBearer ? 'Bearer ' : undefined);
    if (key !== undefined && credential.in === 'bearer') headers.push(['Authorization', key]);
    else if (key !== undefined && credential.in !== 'bearer') {
      const place = placed
        ? typeof placed.key === 'object'
          ? { in: 'header', name: placed.key.header }
          : { in: paramsIn!, name: credential.name }
        : keyPlace(target, operation, credential.in, credential.name);
      if (place.in === 'query') query.push([place.name, key]);
      else if (place.in === 'header') headers.push([place.name, key]);
      else if (place.in === 'body') form.push([place.name, key]);
    }
  }
  let path = operation.path;
  const pathValues: Record<string, string> = {};
  for (const [name, value] of Object.entries(testCase.values)) {
    const parameter = operation.parameters.find((candidate) => candidate.name === name);
    const declared = parameter?.in ?? (operation.body ? 'body' : 'query');
    const where = declared !== 'path' && paramsIn ? paramsIn : declared;
    if (where === 'path') {
      if (typeof value !== 'string') throw new Error(`a path parameter (${name}) cannot hold a secret`);
      path = path.replace(`{${name}}`, encodeURIComponent(value));
      pathValues[name] = value;
    } else if (where === 'header') headers.push([name, value]);
    else if (where === 'body') form.push([name, value]);
    else query.push([name, value]);
  }
  if (testCase.mockExample && target.mock) headers.push(['Prefer', `example=${testCase.mockExample}`]);
  const json = (placed?.params ?? testCase.encoding ?? documentedEncoding(operation)) === 'json';
  const numbers = operation.parameters
    .filter((parameter) => parameter.types.includes('integer') || parameter.types.includes('number'))
    .map((parameter) => parameter.name);
  return {
    api: target.api,
    operationId: operation.id,
    method: operation.method,
    baseUrl: target.baseUrl,
    path,
    pathValues,
    query,
    headers,
    ...(operation.body || form.length > 0 ? { form, ...(json ? { json: { numbers } } : {}) } : {}),
    label: testCase.title,
  };
}

/**
 * Whether a request may arrive twice without harm, so it is sent again after a gateway's 502, 503 or 504 (which says
 * nothing of whether it arrived): reads, and PUT and DELETE (idempotent, RFC 9110, 9.2.2). A create never is.
 */
export const mayRepeat = (operation: OperationModel): boolean =>
  operation.effect === 'read' || operation.method === 'PUT' || operation.method === 'DELETE';

/** How the spec sends an operation's body: `json` or `form` (every other media type travels as a form here). */
export const documentedEncoding = (operation: OperationModel): 'form' | 'json' | undefined =>
  operation.body ? (/json/i.test(operation.body.mediaType) ? 'json' : 'form') : undefined;

/** The other common encoding of a body, to tell a body never read from a refused write. */
export function otherEncoding(operation: OperationModel): 'form' | 'json' | undefined {
  const documented = documentedEncoding(operation);
  return documented === 'form' ? 'json' : documented === 'json' ? 'form' : undefined;
}

/**
 * Sends a case through the transport, tagged with it. Reads (by the spec's
 * effect) are cut short by an interrupt; reads, updates and deletes are retried after 502, 503 and 504.
 */
export function sendCase(
  transport: Transport,
  target: TemplateTarget,
  testCase: RequestCase,
  options: { cleanup?: boolean } = {},
): Promise<Exchange> {
  const operation = operationById(specModels[target.api], testCase.operationId);
  return transport.send(toTemplate(target, operation, testCase), {
    testCase,
    idempotent: mayRepeat(operation),
    interruptible: operation.effect === 'read',
    ...(options.cleanup ? { cleanup: true } : {}),
  });
}
