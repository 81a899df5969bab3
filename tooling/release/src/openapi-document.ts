// A parsed OpenAPI document and the resolution of its internal $refs. The
// diff follows references instead of comparing them as strings, so moving a
// schema into components (or out of it) is not mistaken for a change.
import { parse } from 'yaml';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class OpenApiDocument {
  constructor(readonly root: JsonObject) {}

  static parse(text: string, name: string): OpenApiDocument {
    let root: unknown;
    try {
      root = parse(text);
    } catch (error) {
      throw new Error(`${name} is not valid YAML: ${(error as Error).message}`);
    }
    if (!isObject(root) || typeof root.openapi !== 'string')
      throw new Error(`${name} is not an OpenAPI document (no "openapi" field)`);
    return new OpenApiDocument(root);
  }

  get version(): string {
    const info = this.root.info;
    return isObject(info) ? String(info.version ?? '') : '';
  }

  /** Follows $ref chains to the node they point at. Unresolvable refs stay as they are. */
  resolve(node: Json | undefined): Json | undefined {
    const seen = new Set<string>();
    let current = node;
    while (isObject(current) && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
      if (seen.has(current.$ref)) return current;
      seen.add(current.$ref);
      const target = this.pointer(current.$ref);
      if (target === undefined) return current;
      // Siblings of $ref (3.1 allows description, default ...) override the target.
      const { $ref: _ref, ...siblings } = current;
      current = isObject(target) && Object.keys(siblings).length > 0 ? { ...target, ...siblings } : target;
    }
    return current;
  }

  private pointer(ref: string): Json | undefined {
    let node: Json | undefined = this.root;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (Array.isArray(node)) node = node[Number(key)];
      else if (isObject(node)) node = node[key];
      else return undefined;
    }
    return node;
  }
}

/** The name a $ref points at (`#/components/schemas/Item` → `Item`), if the node is a ref. */
export function refName(node: Json | undefined): string | undefined {
  return isObject(node) && typeof node.$ref === 'string' ? node.$ref.split('/').at(-1) : undefined;
}
