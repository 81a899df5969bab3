// Classifies the differences between two JSON Schemas (OpenAPI 3.1 dialect).
// A change that rejects something the old schema accepted narrows it and is
// breaking; one that accepts more is an addition; text-only edits are docs.
// Where a field is read (responses) versus written (requests) matters once:
// a response field that stops being required breaks readers that relied on
// it, while a request field that stops being required breaks nobody.
import { isObject } from '@tallyport/spec-model/query';
import { isForbidden } from '@tallyport/spec-model';
import type { ChangeLog } from './change.js';
import { refName, type Json, type JsonObject, type OpenApiDocument } from './openapi-document.js';

export type Direction = 'request' | 'response';

/** Keys that only document a schema; a change there is a docs change. */
export const documentationKeys = new Set([
  'title',
  'description',
  'summary',
  'example',
  'examples',
  'externalDocs',
  'deprecated',
  '$comment',
  'x-enumDescriptions',
  'x-tallyport-unknown',
  'x-tallyport-quirk',
]);

const lowerBounds = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
const upperBounds = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;

export const canonical = (value: Json | undefined): string => JSON.stringify(sortKeys(value ?? null));

function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isObject(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys(value[key] as Json)]),
    );
  }
  return value;
}

const show = (value: Json | undefined): string => (typeof value === 'string' ? value : JSON.stringify(value));

export class SchemaDiff {
  // Each named component is compared once per direction, wherever it is used.
  private readonly visited = new Set<string>();
  /** Names of the components compared so far, in either direction. */
  readonly visitedNames = new Set<string>();

  constructor(
    private readonly before: OpenApiDocument,
    private readonly after: OpenApiDocument,
    private readonly log: ChangeLog,
  ) {}

  diff(beforeNode: Json | undefined, afterNode: Json | undefined, where: string[], direction: Direction): void {
    const beforeRef = refName(beforeNode);
    if (beforeRef !== undefined && beforeRef === refName(afterNode)) {
      const key = `${direction}:${beforeRef}`;
      if (this.visited.has(key)) return;
      this.visited.add(key);
      this.visitedNames.add(beforeRef);
      where = [`schema ${beforeRef}`];
    }
    const before = this.before.resolve(beforeNode);
    const after = this.after.resolve(afterNode);
    if (canonical(before) === canonical(after)) return;

    if (before === undefined || after === undefined) {
      if (before === undefined) this.log.breaking(where, 'schema added where anything was accepted');
      else this.log.addition(where, 'schema removed: anything is accepted now');
      return;
    }
    // `not: {}` forbids exactly what `false` forbids: rewriting one as the other is no change.
    if (isForbidden(before) && isForbidden(after)) return;
    if (isForbidden(before) || isForbidden(after)) {
      this.diffBooleanSchemas(isForbidden(before) ? false : before, isForbidden(after) ? false : after, where);
      return;
    }
    if (typeof before === 'boolean' || typeof after === 'boolean') {
      this.diffBooleanSchemas(before, after, where);
      return;
    }
    if (!isObject(before) || !isObject(after)) {
      this.log.breaking(where, `schema changed from ${show(before)} to ${show(after)}`);
      return;
    }
    this.diffDocumentation(before, after, where);
    this.diffTypes(before, after, where);
    this.diffEnum(before, after, where);
    this.diffKeyword(before, after, where, 'const');
    this.diffKeyword(before, after, where, 'format');
    this.diffKeyword(before, after, where, 'pattern');
    this.diffBounds(before, after, where);
    this.diffDefault(before, after, where);
    this.diffRequired(before, after, where, direction);
    this.diffProperties(before, after, where, direction);
    this.diffAdditionalProperties(before, after, where, direction);
    if (before.items !== undefined || after.items !== undefined)
      this.diff(before.items, after.items, [...where, 'items'], direction);
    for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const)
      this.diffComposition(before, after, where, keyword, direction);
  }

  private diffBooleanSchemas(before: Json, after: Json, where: string[]): void {
    if (after === false) this.log.breaking(where, 'now forbidden (schema `false`)');
    else if (before === false) this.log.addition(where, 'now allowed (was schema `false`)');
    else if (after === true || (isObject(after) && Object.keys(after).length === 0))
      this.log.addition(where, 'now accepts anything');
    else this.log.breaking(where, 'now constrained (was schema `true`)');
  }

  private diffDocumentation(before: JsonObject, after: JsonObject, where: string[]): void {
    for (const key of documentationKeys) {
      if (canonical(before[key]) !== canonical(after[key])) this.log.docs(where, `${key} changed`);
    }
  }

  private diffTypes(before: JsonObject, after: JsonObject, where: string[]): void {
    const was = typeSet(before.type);
    const now = typeSet(after.type);
    if (was === undefined && now === undefined) return;
    if (was === undefined) {
      this.log.breaking(where, `type narrowed to ${[...now!].join(' | ')} (was any type)`);
      return;
    }
    if (now === undefined) {
      this.log.addition(where, `type widened to any (was ${[...was].join(' | ')})`);
      return;
    }
    // `number` accepts every integer, so integer → number widens.
    const accepts = (set: Set<string>, type: string) => set.has(type) || (type === 'integer' && set.has('number'));
    const lost = [...was].filter((type) => !accepts(now, type));
    const gained = [...now].filter((type) => !accepts(was, type));
    if (lost.length > 0)
      this.log.breaking(
        where,
        `type narrowed: ${lost.join(', ')} no longer allowed (${[...was].join(' | ')} → ${[...now].join(' | ')})`,
      );
    if (gained.length > 0)
      this.log.addition(
        where,
        `type widened: ${gained.join(', ')} now allowed (${[...was].join(' | ')} → ${[...now].join(' | ')})`,
      );
  }

  private diffEnum(before: JsonObject, after: JsonObject, where: string[]): void {
    const was = Array.isArray(before.enum) ? before.enum : undefined;
    const now = Array.isArray(after.enum) ? after.enum : undefined;
    if (was === undefined && now === undefined) return;
    if (was === undefined) {
      this.log.breaking(where, `enum added: only ${now!.map(show).join(', ')} allowed now`);
      return;
    }
    if (now === undefined) {
      this.log.addition(where, 'enum removed: any value of the type allowed now');
      return;
    }
    const nowKeys = new Set(now.map((v) => canonical(v)));
    const wasKeys = new Set(was.map((v) => canonical(v)));
    for (const value of was)
      if (!nowKeys.has(canonical(value))) this.log.breaking(where, `enum value ${show(value)} removed`);
    for (const value of now)
      if (!wasKeys.has(canonical(value))) this.log.addition(where, `enum value ${show(value)} added`);
  }

  private diffKeyword(
    before: JsonObject,
    after: JsonObject,
    where: string[],
    keyword: 'const' | 'format' | 'pattern',
  ): void {
    const was = before[keyword];
    const now = after[keyword];
    if (canonical(was) === canonical(now)) return;
    if (was === undefined) this.log.breaking(where, `${keyword} ${show(now)} added`);
    else if (now === undefined) this.log.addition(where, `${keyword} ${show(was)} removed`);
    else this.log.breaking(where, `${keyword} changed from ${show(was)} to ${show(now)}`);
  }

  private diffBounds(before: JsonObject, after: JsonObject, where: string[]): void {
    for (const [keys, tighter] of [
      [lowerBounds, (was: number, now: number) => now > was],
      [upperBounds, (was: number, now: number) => now < was],
    ] as const) {
      for (const key of keys) {
        const was = before[key];
        const now = after[key];
        if (was === now) continue;
        if (typeof now === 'number' && (typeof was !== 'number' || tighter(was, now))) {
          this.log.breaking(
            where,
            `${key} ${typeof was === 'number' ? `tightened from ${was} to ${now}` : `${now} added`}`,
          );
        } else {
          this.log.addition(
            where,
            `${key} ${typeof now === 'number' ? `relaxed from ${was} to ${now}` : `${show(was)} removed`}`,
          );
        }
      }
    }
  }

  private diffDefault(before: JsonObject, after: JsonObject, where: string[]): void {
    const was = before.default;
    const now = after.default;
    if (canonical(was) === canonical(now)) return;
    // Callers that leave the field out get a different behaviour.
    if (was === undefined) this.log.addition(where, `default ${show(now)} added`);
    else if (now === undefined) this.log.breaking(where, `default ${show(was)} removed`);
    else this.log.breaking(where, `default changed from ${show(was)} to ${show(now)}`);
  }

  private diffRequired(before: JsonObject, after: JsonObject, where: string[], direction: Direction): void {
    const was = new Set(Array.isArray(before.required) ? before.required.map(String) : []);
    const now = new Set(Array.isArray(after.required) ? after.required.map(String) : []);
    for (const name of now) if (!was.has(name)) this.log.breaking(where, `field ${name} newly required`);
    for (const name of was) {
      if (now.has(name)) continue;
      if (direction === 'response')
        this.log.breaking(where, `field ${name} no longer required in responses (readers may not get it)`);
      else this.log.addition(where, `field ${name} no longer required`);
    }
  }

  private diffProperties(before: JsonObject, after: JsonObject, where: string[], direction: Direction): void {
    const was = isObject(before.properties) ? before.properties : {};
    const now = isObject(after.properties) ? after.properties : {};
    for (const name of Object.keys(was)) {
      if (!(name in now)) this.log.breaking(where, `field ${name} removed (or renamed)`);
      else this.diff(was[name], now[name], [...where, name], direction);
    }
    for (const name of Object.keys(now)) if (!(name in was)) this.log.addition(where, `field ${name} added`);
  }

  private diffAdditionalProperties(before: JsonObject, after: JsonObject, where: string[], direction: Direction): void {
    const was = before.additionalProperties;
    const now = after.additionalProperties;
    if (canonical(was) === canonical(now)) return;
    const open = (value: Json | undefined) => value === undefined || value === true;
    if (open(was) && open(now)) return;
    this.diff(was ?? true, now ?? true, [...where, 'additionalProperties'], direction);
  }

  private diffComposition(
    before: JsonObject,
    after: JsonObject,
    where: string[],
    keyword: 'oneOf' | 'anyOf' | 'allOf',
    direction: Direction,
  ): void {
    const was = Array.isArray(before[keyword]) ? (before[keyword] as Json[]) : [];
    const now = Array.isArray(after[keyword]) ? (after[keyword] as Json[]) : [];
    if (was.length === 0 && now.length === 0) return;
    // Branches are matched by the schema they reference, else by position.
    const label = (branch: Json, index: number) => refName(branch) ?? `#${index + 1}`;
    const nowByLabel = new Map(now.map((branch, i) => [label(branch, i), branch]));
    const wasLabels = new Set(was.map((branch, i) => label(branch, i)));
    // Another allOf branch narrows; another oneOf/anyOf branch widens.
    const narrowsWhenAdded = keyword === 'allOf';
    was.forEach((branch, i) => {
      const name = label(branch, i);
      const match = nowByLabel.get(name);
      if (match === undefined) {
        const what = `${keyword} branch ${name} removed`;
        if (narrowsWhenAdded) this.log.addition(where, what);
        else this.log.breaking(where, what);
      } else {
        this.diff(branch, match, [...where, `${keyword} ${name}`], direction);
      }
    });
    now.forEach((branch, i) => {
      const name = label(branch, i);
      if (wasLabels.has(name)) return;
      const what = `${keyword} branch ${name} added`;
      if (narrowsWhenAdded) this.log.breaking(where, what);
      else this.log.addition(where, what);
    });
  }
}

function typeSet(type: Json | undefined): Set<string> | undefined {
  if (typeof type === 'string') return new Set([type]);
  if (Array.isArray(type)) return new Set(type.map(String));
  return undefined;
}
