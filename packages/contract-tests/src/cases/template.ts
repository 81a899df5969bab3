// Turns a case into the request that is sent: each value goes where its
// parameter travels (path, query, header or form body), and the key where
// the spec's credential says, as a secret reference that only the transport
// fills in.
import { type OperationModel, operationById } from '@tallyport/spec-model/query';
import { API_SECRETS } from '../deployment.js';
import { type RequestTemplate, secret, type TemplateValue } from '../http/request.js';
import type { Exchange, Transport } from '../http/transport.js';
import { type ApiName, specModels } from '../specs.js';
import type { AuthMode, RequestCase } from './types.js';

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

export interface TemplateTarget {
  api: ApiName;
  baseUrl: string;
  mock: boolean;
  /** A key no deployment accepts, the same for the whole run. */
  wrongKey: string;
  keyTransport?: KeyTransport;
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
  const secrets = API_SECRETS[target.api];
  const name = auth === 'key-without-records' ? (secrets.keyWithoutRecords ?? secrets.key) : secrets.key;
  return secret(name, prefix);
}

export function toTemplate(target: TemplateTarget, operation: OperationModel, testCase: RequestCase): RequestTemplate {
  const query: Array<[string, TemplateValue]> = [];
  const headers: Array<[string, TemplateValue]> = [['Accept', 'application/json']];
  const form: Array<[string, TemplateValue]> = [];
  const credential = operation.credential;
  if (credential) {
    const isBearer = credential.in === 'bearer';
    const key = keyValue(target, testCase.auth, isBearer ? 'Bearer ' : undefined);
    if (key !== undefined && credential.in === 'bearer') headers.push(['Authorization', key]);
    else if (key !== undefined && credential.in !== 'bearer') {
      const place = keyPlace(target, operation, credential.in, credential.name);
      if (place.in === 'query') query.push([place.name, key]);
      else if (place.in === 'header') headers.push([place.name, key]);
      else if (place.in === 'body') form.push([place.name, key]);
    }
  }
  let path = operation.path;
  const pathValues: Record<string, string> = {};
  for (const [name, value] of Object.entries(testCase.values)) {
    const parameter = operation.parameters.find((candidate) => candidate.name === name);
    const where = parameter?.in ?? (operation.body ? 'body' : 'query');
    if (where === 'path') {
      if (typeof value !== 'string') throw new Error(`a path parameter (${name}) cannot hold a secret`);
      path = path.replace(`{${name}}`, encodeURIComponent(value));
      pathValues[name] = value;
    } else if (where === 'header') headers.push([name, value]);
    else if (where === 'body') form.push([name, value]);
    else query.push([name, value]);
  }
  if (testCase.mockExample && target.mock) headers.push(['Prefer', `example=${testCase.mockExample}`]);
  return {
    api: target.api,
    operationId: operation.id,
    method: operation.method,
    baseUrl: target.baseUrl,
    path,
    pathValues,
    query,
    headers,
    ...(operation.body || form.length > 0 ? { form } : {}),
    label: testCase.title,
  };
}

/**
 * Sends a case through the transport, tagged with it. Reads (by the spec's
 * effect) are idempotent: retried after 502, 503 and 504 and cut short by an interrupt.
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
    idempotent: operation.effect === 'read',
    ...(options.cleanup ? { cleanup: true } : {}),
  });
}
