// Classifies every difference between the released version of a spec and the
// current one: paths, operations, parameters, bodies, responses, security,
// named schemas and the documented error messages. What the walk does not
// model is still caught: documents that differ in anything but documentation
// without a classified change get an "unclassified change" (minor), and
// documentation edits are listed as docs changes (patch).
import { isObject } from '@tallyport/spec-model/query';
import { HTTP_METHODS, isForbidden } from '@tallyport/spec-model';
import { ChangeLog, type SpecChange } from './change.js';
import { canonical, documentationKeys, SchemaDiff } from './diff-schema.js';
import type { Json, JsonObject, OpenApiDocument } from './openapi-document.js';

const httpMethods = HTTP_METHODS.map((method) => method.toLowerCase());

export function diffSpecs(before: OpenApiDocument, after: OpenApiDocument): SpecChange[] {
  const log = new ChangeLog();
  new SpecDiff(before, after, log).run();
  return log.changes;
}

class SpecDiff {
  private readonly schemas: SchemaDiff;

  constructor(
    private readonly before: OpenApiDocument,
    private readonly after: OpenApiDocument,
    private readonly log: ChangeLog,
  ) {
    this.schemas = new SchemaDiff(before, after, log);
  }

  run(): void {
    const b = this.before.root;
    const a = this.after.root;
    if (b.openapi !== a.openapi)
      this.log.addition(['openapi'], `OpenAPI version changed from ${b.openapi} to ${a.openapi}`);
    this.diffInfo();
    if (canonical(withoutDocs(b.servers)) !== canonical(withoutDocs(a.servers)))
      this.log.addition(['servers'], 'servers changed');
    else if (canonical(b.servers) !== canonical(a.servers)) this.log.docs(['servers'], 'description changed');
    this.diffPaths();
    this.diffNamedSchemas();
    this.diffSecuritySchemes();
    this.catchUnclassified();
  }

  private diffInfo(): void {
    const was = obj(this.before.root.info);
    const now = obj(this.after.root.info);
    for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
      if (key !== 'version' && canonical(was[key]) !== canonical(now[key])) this.log.docs(['info'], `${key} changed`);
    }
    if (canonical(this.before.root.tags) !== canonical(this.after.root.tags)) this.log.docs(['tags'], 'tags changed');
    for (const key of new Set([...Object.keys(this.before.root), ...Object.keys(this.after.root)])) {
      if (key.startsWith('x-') && canonical(this.before.root[key]) !== canonical(this.after.root[key]))
        this.log.docs([key], 'changed');
    }
  }

  private diffPaths(): void {
    const was = obj(this.before.root.paths);
    const now = obj(this.after.root.paths);
    for (const path of Object.keys(was)) {
      if (!(path in now)) this.log.breaking([path], 'path removed (or renamed)');
    }
    for (const path of Object.keys(now)) {
      if (!(path in was)) {
        this.log.addition([path], 'path added');
        continue;
      }
      this.diffPathItem(path, obj(this.before.resolve(was[path])), obj(this.after.resolve(now[path])));
    }
  }

  private diffPathItem(path: string, was: JsonObject, now: JsonObject): void {
    for (const method of httpMethods) {
      const where = [`${method.toUpperCase()} ${path}`];
      if (was[method] && !now[method]) this.log.breaking(where, 'operation removed');
      else if (!was[method] && now[method]) this.log.addition(where, 'operation added');
      else if (was[method] && now[method]) this.diffOperation(where, was, now, obj(was[method]), obj(now[method]));
    }
    for (const key of ['summary', 'description']) {
      if (canonical(was[key]) !== canonical(now[key])) this.log.docs([path], `${key} changed`);
    }
  }

  private diffOperation(
    where: string[],
    wasItem: JsonObject,
    nowItem: JsonObject,
    was: JsonObject,
    now: JsonObject,
  ): void {
    if (was.operationId !== now.operationId) {
      this.log.breaking(where, `operationId renamed from ${String(was.operationId)} to ${String(now.operationId)}`);
    }
    for (const key of ['summary', 'description', 'tags', 'deprecated', 'externalDocs']) {
      if (canonical(was[key]) !== canonical(now[key])) this.log.docs(where, `${key} changed`);
    }
    const wasSecurity = was.security ?? this.before.root.security;
    const nowSecurity = now.security ?? this.after.root.security;
    if (canonical(wasSecurity) !== canonical(nowSecurity)) {
      this.log.breaking(
        where,
        `security changed from ${JSON.stringify(wasSecurity ?? [])} to ${JSON.stringify(nowSecurity ?? [])}`,
      );
    }
    this.diffParameters(where, this.parameters(this.before, wasItem, was), this.parameters(this.after, nowItem, now));
    this.diffRequestBody(where, was.requestBody, now.requestBody);
    this.diffResponses(where, obj(was.responses), obj(now.responses));
    this.diffErrorMessages(where, was['x-tallyport-error-messages'], now['x-tallyport-error-messages']);
    for (const key of Object.keys({ ...was, ...now })) {
      if (key.startsWith('x-') && key !== 'x-tallyport-error-messages' && canonical(was[key]) !== canonical(now[key])) {
        this.log.docs(where, `${key} changed`);
      }
    }
  }

  // Path-level and operation-level parameters, keyed by location and name.
  private parameters(doc: OpenApiDocument, item: JsonObject, op: JsonObject): Map<string, JsonObject> {
    const result = new Map<string, JsonObject>();
    for (const list of [item.parameters, op.parameters]) {
      for (const entry of Array.isArray(list) ? list : []) {
        const param = obj(doc.resolve(entry));
        result.set(`${String(param.in)} ${String(param.name)}`, param);
      }
    }
    return result;
  }

  private diffParameters(where: string[], was: Map<string, JsonObject>, now: Map<string, JsonObject>): void {
    for (const [key, param] of was) {
      const next = now.get(key);
      const at = [...where, key];
      if (!next) {
        this.log.breaking(at, 'parameter removed (or renamed)');
        continue;
      }
      if (param.required !== true && next.required === true) this.log.breaking(at, 'parameter newly required');
      if (param.required === true && next.required !== true) this.log.addition(at, 'parameter no longer required');
      for (const key of ['style', 'explode', 'allowReserved', 'allowEmptyValue', 'content']) {
        if (canonical(param[key]) !== canonical(next[key])) this.log.breaking(at, `${key} changed (serialization)`);
      }
      for (const key of documentationKeys) {
        if (canonical(param[key]) !== canonical(next[key])) this.log.docs(at, `${key} changed`);
      }
      this.schemas.diff(param.schema as Json, next.schema as Json, at, 'request');
    }
    for (const [key, param] of now) {
      if (was.has(key)) continue;
      if (param.required === true) this.log.breaking([...where, key], 'required parameter added');
      else this.log.addition([...where, key], 'optional parameter added');
    }
  }

  private diffRequestBody(where: string[], wasNode: Json | undefined, nowNode: Json | undefined): void {
    const at = [...where, 'request body'];
    const was = this.before.resolve(wasNode);
    const now = this.after.resolve(nowNode);
    if (was === undefined && now === undefined) return;
    if (was === undefined) {
      if (obj(now).required === true) this.log.breaking(at, 'required request body added');
      else this.log.addition(at, 'optional request body added');
      return;
    }
    if (now === undefined) {
      this.log.breaking(at, 'request body removed');
      return;
    }
    if (obj(was).required !== true && obj(now).required === true) this.log.breaking(at, 'request body newly required');
    if (obj(was).required === true && obj(now).required !== true)
      this.log.addition(at, 'request body no longer required');
    if (canonical(obj(was).description) !== canonical(obj(now).description)) this.log.docs(at, 'description changed');
    this.diffContent(at, obj(obj(was).content), obj(obj(now).content), 'request');
  }

  private diffResponses(where: string[], was: JsonObject, now: JsonObject): void {
    this.diffNamed(where, 'response', was, now, {
      removed: 'response removed',
      added: 'response added',
      both: (at, before, after) => {
        for (const key of documentationKeys) {
          if (canonical(before[key]) !== canonical(after[key])) this.log.docs(at, `${key} changed`);
        }
        this.diffHeaders(at, obj(before.headers), obj(after.headers));
        this.diffContent(at, obj(before.content), obj(after.content), 'response');
        this.diffLinks(at, obj(before.links), obj(after.links));
      },
    });
  }

  /**
   * Entries of a map of named objects (responses by status, links and headers by name), each resolved: one removed
   * breaks, one added is an addition, and one in both is compared by `both`.
   */
  private diffNamed(
    where: string[],
    label: string,
    was: JsonObject,
    now: JsonObject,
    on: { removed: string; added: string; both: (at: string[], before: JsonObject, after: JsonObject) => void },
  ): void {
    for (const name of Object.keys(was)) {
      const at = [...where, `${label} ${name}`];
      if (name in now) on.both(at, obj(this.before.resolve(was[name])), obj(this.after.resolve(now[name])));
      else this.log.breaking(at, on.removed);
    }
    for (const name of Object.keys(now))
      if (!(name in was)) this.log.addition([...where, `${label} ${name}`], on.added);
  }

  /**
   * Links (OpenAPI 3.1, section 4.8.20): a link removed, or one that now leads elsewhere or takes other
   * parameters, breaks clients and tools that follow it; a new link is an addition; its description is docs.
   */
  private diffLinks(where: string[], was: JsonObject, now: JsonObject): void {
    this.diffNamed(where, 'link', was, now, {
      removed: 'link removed (or renamed)',
      added: 'link added',
      both: (at, before, after) => {
        if (before.operationId !== after.operationId || before.operationRef !== after.operationRef)
          this.log.breaking(at, `link now leads to ${String(after.operationId ?? after.operationRef)}`);
        else if (canonical(before.parameters) !== canonical(after.parameters))
          this.log.breaking(at, 'link parameters changed');
        else if (canonical(withoutDocs(before)) !== canonical(withoutDocs(after)))
          this.log.addition(at, 'link changed');
        else if (canonical(before) !== canonical(after)) this.log.docs(at, 'link description changed');
      },
    });
  }

  private diffHeaders(where: string[], was: JsonObject, now: JsonObject): void {
    this.diffNamed(where, 'header', was, now, {
      removed: 'header removed',
      added: 'header added',
      both: (at, before, after) => this.schemas.diff(before.schema, after.schema, at, 'response'),
    });
  }

  private diffContent(where: string[], was: JsonObject, now: JsonObject, direction: 'request' | 'response'): void {
    for (const type of Object.keys(was)) {
      if (!(type in now)) this.log.breaking([...where, type], 'media type removed');
      else {
        const before = obj(was[type]);
        const after = obj(now[type]);
        if (
          canonical(before.example) !== canonical(after.example) ||
          canonical(before.examples) !== canonical(after.examples)
        ) {
          this.log.docs([...where, type], 'examples changed');
        }
        if (canonical(before.encoding) !== canonical(after.encoding))
          this.log.breaking([...where, type], 'encoding changed');
        this.schemas.diff(before.schema, after.schema, [...where, type], direction);
      }
    }
    for (const type of Object.keys(now)) if (!(type in was)) this.log.addition([...where, type], 'media type added');
  }

  // Clients match on the exact `msg` of each documented error, so losing or
  // rewording one breaks them; a new one is an addition.
  private diffErrorMessages(where: string[], wasList: Json | undefined, nowList: Json | undefined): void {
    const byCode = (list: Json | undefined) =>
      new Map((Array.isArray(list) ? list : []).filter(isObject).map((entry) => [String(entry.code), entry] as const));
    const was = byCode(wasList);
    const now = byCode(nowList);
    for (const [code, entry] of was) {
      const next = now.get(code);
      const at = [...where, `error message ${code}`];
      if (!next) this.log.breaking(at, `error message ${show(entry.msg)} removed`);
      else {
        if (entry.msg !== next.msg) this.log.breaking(at, `msg changed from ${show(entry.msg)} to ${show(next.msg)}`);
        if (entry.condition !== next.condition) this.log.docs(at, 'condition changed');
      }
    }
    for (const [code, entry] of now)
      if (!was.has(code))
        this.log.addition([...where, `error message ${code}`], `error message ${show(entry.msg)} added`);
  }

  // Each named schema becomes an exported type of @tallyport/types.
  private diffNamedSchemas(): void {
    const was = obj(obj(this.before.root.components).schemas);
    const now = obj(obj(this.after.root.components).schemas);
    for (const name of Object.keys(was))
      if (!(name in now)) this.log.breaking([`schema ${name}`], 'named schema removed (its exported type goes away)');
    for (const name of Object.keys(now))
      if (!(name in was)) this.log.addition([`schema ${name}`], 'named schema added');
    // Schemas that no operation uses are still exported types: compare them too.
    for (const name of Object.keys(was)) {
      if (name in now && !this.schemas.visitedNames.has(name))
        this.schemas.diff(was[name], now[name], [`schema ${name}`], 'response');
    }
  }

  private diffSecuritySchemes(): void {
    const was = obj(obj(this.before.root.components).securitySchemes);
    const now = obj(obj(this.after.root.components).securitySchemes);
    for (const name of new Set([...Object.keys(was), ...Object.keys(now)])) {
      const strip = (scheme: Json | undefined) => canonical(withoutDocs(scheme));
      if (!(name in now)) this.log.breaking([`security scheme ${name}`], 'removed');
      else if (!(name in was)) this.log.addition([`security scheme ${name}`], 'added');
      else if (strip(was[name]) !== strip(now[name]))
        this.log.breaking([`security scheme ${name}`], 'changed (how the key travels)');
      else if (canonical(was[name]) !== canonical(now[name]))
        this.log.docs([`security scheme ${name}`], 'description changed');
    }
  }

  private catchUnclassified(): void {
    const meaningful = this.log.changes.some((change) => change.level !== 'patch');
    if (meaningful) return;
    // Compared with every reference followed, so a schema moved into or out of
    // components is not a change.
    const was = withoutDocs(dereference(this.before, this.before.root));
    const now = withoutDocs(dereference(this.after, this.after.root));
    if (canonical(was) === canonical(now)) {
      if (
        this.log.changes.length === 0 &&
        canonical(withoutVersion(this.before.root)) !== canonical(withoutVersion(this.after.root))
      ) {
        this.log.docs(
          [firstDifference(withoutVersion(this.before.root), withoutVersion(this.after.root))],
          'rewritten without a change of meaning',
        );
      }
      return;
    }
    this.log.addition([firstDifference(was, now)], 'unclassified change (review it; counted as an addition)');
  }
}

const obj = (value: Json | undefined): JsonObject => (isObject(value) ? value : {});
const show = (value: Json | undefined): string => (typeof value === 'string' ? value : JSON.stringify(value));

function withoutVersion(root: JsonObject): Json {
  return { ...root, info: { ...obj(root.info), version: null } };
}

// The document with internal references replaced by what they point at
// (a reference met again inside itself is left as it is).
function dereference(doc: OpenApiDocument, node: Json | undefined, stack: string[] = []): Json {
  if (Array.isArray(node)) return node.map((item) => dereference(doc, item, stack));
  if (!isObject(node)) return node ?? null;
  if (typeof node.$ref === 'string') {
    if (stack.includes(node.$ref)) return node;
    return dereference(doc, doc.resolve(node), [...stack, node.$ref]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, dereference(doc, value, stack)]));
}

// Members whose keys are names (fields, paths, status codes ...), never keywords.
const nameMaps = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'schemas',
  'responses',
  'parameters',
  'headers',
  'securitySchemes',
  'requestBodies',
  'paths',
  'content',
  'variables',
  'mapping',
  'encoding',
  'links',
  'callbacks',
  'pathItems',
]);

// The document with every documentation-only member removed (info included).
function withoutDocs(node: Json | undefined, keysAreNames = false): Json {
  if (Array.isArray(node)) return node.map((item) => withoutDocs(item));
  if (!isObject(node)) return node ?? null;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    const extension = key.startsWith('x-') && key !== 'x-tallyport-error-messages';
    if (!keysAreNames && (documentationKeys.has(key) || extension || key === 'tags' || key === 'info')) continue;
    result[key] = withoutDocs(value, !keysAreNames && nameMaps.has(key));
  }
  // `not: {}` and `false` forbid the same thing.
  return !keysAreNames && isForbidden(result) ? false : result;
}

function firstDifference(a: Json, b: Json, path: string[] = []): string {
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (canonical(a[key]) !== canonical(b[key]))
        return firstDifference(a[key] ?? null, b[key] ?? null, [...path, key]);
    }
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    const index = a.findIndex((item, i) => canonical(item) !== canonical(b[i]));
    if (index >= 0) return firstDifference(a[index] ?? null, b[index] ?? null, [...path, String(index)]);
  }
  return path.length > 0 ? path.join('.') : '(document)';
}
