// Where in a spec a baseline's actions point: JSONPath expressions (RFC 9535,
// which the Overlay Specification uses for `target`) made from the keys of a
// place in the bundled document, and the places the spec model names (an
// operation, its responses, a record's identifier, the components).
import { escapePointer, type OperationModel, pointerKeys, type RecordKind } from '@tallyport/spec-model/query';

/** A JSONPath expression selecting the node at `keys`: a plain name after a dot, any other in quotes. */
export function jsonPath(keys: readonly string[]): string {
  return `$${keys
    .map((key) =>
      /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `['${key.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`,
    )
    .join('')}`;
}

/** The keys of an operation in the document: `paths`, its path, its method. */
export const operationKeys = (operation: OperationModel): string[] => [
  'paths',
  operation.path,
  operation.method.toLowerCase(),
];

/** The keys of a record kind's identifier property in its schema. */
export const identifierKeys = (record: RecordKind): string[] => [
  ...pointerKeys(record.schemaPointer),
  'properties',
  record.identifier!,
];

/** A component schema's `$ref`. */
export const schemaRef = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${escapePointer(name)}` });

/** The name of a schema a baseline adds: `ObservedListWebsitesRefusal422`. */
export const observedSchemaName = (operationId: string, what: string): string =>
  `Observed${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}${what}`;
