// The shape of the spec model. Everything here is plain JSON, so a package
// that needs the model at run time ships a generated copy of it instead of
// reading the repository's specs/ folder.

export type Json = null | boolean | number | string | Json[] | JsonObject;
export type JsonObject = { [key: string]: Json };

/** A JSON Schema as it stands in a spec, `$ref`s already replaced by their targets. */
export type JsonSchema = boolean | JsonObject;

export type ApiName = 'analytics' | 'marketplace';

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';

/** What an operation does to the data behind it (`x-tallyport-effect`; a GET reads). */
export type Effect = 'read' | 'create' | 'update' | 'delete';

/** The semantic role of a parameter or body field (`x-tallyport-role`). */
export type ParameterRole =
  | 'page-size'
  | 'sort-key'
  | 'sort-direction'
  | 'search'
  | 'search-field'
  | 'range-start'
  | 'range-end'
  | 'credential';

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie' | 'body';

export interface ParameterModel {
  name: string;
  /** Where it travels; `body` for a field of the request body. */
  in: ParameterLocation;
  required: boolean;
  description?: string;
  schema: JsonSchema;
  /** `schema.type` as a list (empty when the schema names no type). */
  types: string[];
  enum?: Json[];
  /** Present only when the schema declares a default. */
  default?: Json;
  hasDefault: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  example?: Json;
  /** `x-enumDescriptions`: the label of each enum value. */
  enumDescriptions?: Record<string, string>;
  quirk?: string;
  unknown?: string;
  /** `x-tallyport-convention`: enum values whose effect is judged by the field they name only by convention. */
  conventions?: Record<string, string>;
  /** For a sort key: the enum value that orders records by their date created (`x-tallyport-creation-order`). */
  creationOrder?: string;
  role?: ParameterRole;
  /** The record kind whose identifier this parameter holds (`x-tallyport-identifies`). */
  identifies?: string;
  /** The field of the answer's record that equals the value sent (`x-tallyport-echo`). */
  echo?: string;
  /** The toolkit always sends it although the spec does not require it (`x-tallyport-always-sent`). */
  alwaysSent: boolean;
  /** A body field that applies when another field of the body has a value (`x-tallyport-applies-when`). */
  appliesWhen?: { field: string; value: Json };
  /** A body field the spec forbids (a `false` schema). */
  forbidden: boolean;
}

/** How the credential of an operation travels. */
export type CredentialModel =
  | { in: 'bearer'; scheme: string; unknown?: string }
  | { in: 'query' | 'header' | 'cookie' | 'body'; name: string; scheme?: string; unknown?: string };

export interface ExampleModel {
  name: string;
  summary?: string;
  value: Json;
}

/** Where a record sits in a payload: a JSON pointer, and whether it is an array of them. */
export interface RecordLocation {
  pointer: string;
  many: boolean;
  record: string;
}

export interface ResponseModel {
  /** The key in the spec: an exact code, a range like `2XX`, or `default`. */
  key: string;
  description?: string;
  unknown?: string;
  /** `x-tallyport-convention` of the response schema: its shape is a convention where the source is silent. */
  convention?: string;
  mediaTypes: string[];
  /** JSON pointer of the `application/json` schema inside the bundled document. */
  schemaPointer?: string;
  examples: ExampleModel[];
  /** Records the schema describes, deepest first. */
  records: RecordLocation[];
}

export interface BodyModel {
  mediaType: string;
  required: boolean;
  schemaPointer: string;
  examples: ExampleModel[];
}

export interface ErrorMessageModel {
  code: string;
  msg: string;
  condition: string;
  /** The request that provokes it (`trigger` of the mark), when one can be named. */
  trigger?: 'key-without-records' | 'unknown-identifier' | 'unrecognised-value';
  /** For `unrecognised-value`: the parameter whose value is not recognised. */
  parameter?: string;
}

/**
 * An OpenAPI link (section 4.8.20): from an answer of one operation to another operation, with the runtime
 * expressions (`$response.body#/data/id`, `$request.path.id`) that give the target's parameters.
 */
export interface LinkModel {
  name: string;
  /** The response key of the source operation the link belongs to (`2XX`). */
  response: string;
  operationId: string;
  parameters: Record<string, string>;
  description?: string;
  /** `x-tallyport-agree`: dotted fields equal in the object a parameter came from and the record read. */
  agree: string[];
}

export interface OperationModel {
  id: string;
  method: HttpMethod;
  path: string;
  /** JSON pointer of the operation inside the bundled document. */
  pointer: string;
  summary?: string;
  description?: string;
  tags: string[];
  effect: Effect;
  credential?: CredentialModel;
  /** Path, query and header parameters, then the fields of the body. */
  parameters: ParameterModel[];
  body?: BodyModel;
  responses: ResponseModel[];
  errorMessages: ErrorMessageModel[];
  /** The links of its responses, to the operations that follow from an answer. */
  links: LinkModel[];
  /** `x-tallyport-scope: key`: what it answers is what the key selects. */
  scope?: 'key';
}

/** A kind of record the specs describe (`x-tallyport-record` on a schema). */
export interface RecordKind {
  name: string;
  /** The field that identifies one record, when records can be addressed. */
  identifier?: string;
  /** The field that names a record for people (and marks the records a contract run creates). */
  label?: string;
  schemaPointer: string;
  /** The fields the record schema describes (the documented ones). */
  fields: string[];
  /** The fields every such record has. */
  required: string[];
  /** `x-tallyport-convention`: the types the record schema gives its fields are a convention. */
  convention?: string;
  /**
   * Documented fields whose value as shown in answers is not decided by the source documentation (their own
   * schema, or the request field that sets them, says `x-tallyport-unknown` or `x-tallyport-convention`).
   */
  undecidedFields: string[];
  /**
   * Documented fields marked `x-tallyport-convention`: whether and how they are shown may differ from one answer
   * to the next (a password hidden, masked or hashed).
   */
  conventionFields: string[];
}

/** How a payload says success or failure in its body (`x-tallyport-outcome`, `x-tallyport-role: message`). */
export interface OutcomeModel {
  field: string;
  success: Json;
  error: Json;
  messageField?: string;
}

export interface SpecModel {
  api: ApiName;
  /** Repository path of the hand-written spec. */
  source: string;
  info: { title: string; version: string; summary?: string; description?: string };
  /** The bundled document, `$ref`s kept (what validators and mocks load). */
  document: JsonObject;
  operations: OperationModel[];
  records: Record<string, RecordKind>;
  outcome?: OutcomeModel;
  /** `x-tallyport-unknowns`: things not shown at all, with no place of their own. */
  unknowns: Record<string, string>;
}
