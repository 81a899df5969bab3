// A small model of the bundled specs: which operations exist, which response
// object answers a status code, and where its JSON schema lives (as a JSON
// pointer, so the validator can compile it in place with its $refs intact).
import { specDocuments, type ApiName } from '../specs.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ResponseSpec {
  /** The key in the spec: an exact code, a range like '2XX', or 'default'. */
  key: string;
  mediaTypes: string[];
  /** JSON pointer of the application/json schema, relative to the document. */
  schemaPointer?: string;
  /** The x-tallyport-unknown sentence of the response, if any. */
  unknown?: string;
}

export interface ErrorMessageSpec {
  code: string;
  msg: string;
  condition: string;
}

export interface OperationSpec {
  api: ApiName;
  operationId: string;
  method: HttpMethod;
  pathTemplate: string;
  responses: ResponseSpec[];
  errorMessages: ErrorMessageSpec[];
}

type Json = Record<string, unknown>;

const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function resolveRef(document: Json, node: Json): { node: Json; pointer?: string } {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return { node };
  let current: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    current = (current as Json)[segment];
  }
  return { node: current as Json, pointer: ref.slice(1) };
}

function readOperations(api: ApiName): OperationSpec[] {
  const document = specDocuments[api];
  const paths = document.paths as Record<string, Record<string, Json>>;
  const operations: OperationSpec[] = [];
  for (const [pathTemplate, pathItem] of Object.entries(paths)) {
    for (const method of ['get', 'post', 'put', 'delete'] as const) {
      const operation = pathItem[method];
      if (!operation) continue;
      const responses: ResponseSpec[] = [];
      for (const [key, raw] of Object.entries(operation.responses as Record<string, Json>)) {
        const inlinePointer = `/paths/${escapePointer(pathTemplate)}/${method}/responses/${escapePointer(key)}`;
        const { node, pointer } = resolveRef(document, raw);
        const base = pointer ?? inlinePointer;
        const content = (node.content ?? {}) as Record<string, Json>;
        const json = content['application/json'];
        responses.push({
          key,
          mediaTypes: Object.keys(content),
          ...(json?.schema ? { schemaPointer: `${base}/content/application~1json/schema` } : {}),
          ...(typeof (node['x-tallyport-unknown'] ?? raw['x-tallyport-unknown']) === 'string'
            ? { unknown: String(node['x-tallyport-unknown'] ?? raw['x-tallyport-unknown']) }
            : {}),
        });
      }
      operations.push({
        api,
        operationId: String(operation.operationId),
        method: method.toUpperCase() as HttpMethod,
        pathTemplate,
        responses,
        errorMessages: (operation['x-tallyport-error-messages'] as ErrorMessageSpec[] | undefined) ?? [],
      });
    }
  }
  return operations;
}

const operationsByApi: Record<ApiName, OperationSpec[]> = {
  analytics: readOperations('analytics'),
  marketplace: readOperations('marketplace'),
};

export function operationsOf(api: ApiName): OperationSpec[] {
  return operationsByApi[api];
}

export function operation(api: ApiName, operationId: string): OperationSpec {
  const found = operationsByApi[api].find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`The bundled ${api} spec has no operation ${operationId}`);
  return found;
}

/** The response object that answers `status`: exact code, then range, then default. */
export function responseFor(op: OperationSpec, status: number): ResponseSpec | undefined {
  const exact = op.responses.find((response) => response.key === String(status));
  if (exact) return exact;
  const range = op.responses.find((response) => response.key.toUpperCase() === `${String(status)[0]}XX`);
  if (range) return range;
  return op.responses.find((response) => response.key === 'default');
}

/** The declared keys, for messages ("2XX, 4XX, default"). */
export function declaredResponseKeys(op: OperationSpec): string {
  return op.responses.map((response) => response.key).join(', ');
}

/** Reads a value of the spec by JSON pointer (enums, examples, error messages). */
export function specValue<T>(api: ApiName, pointer: string): T {
  let current: unknown = specDocuments[api];
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    current = (current as Json)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current as T;
}
