// A spec as the release guard reads it: the bundled document and the
// resolution of its $refs, both from the repository's one spec model (any
// version of a spec, so no model marks are required). The diff follows
// references instead of comparing them as strings, so moving a schema into
// components (or out of it) is not mistaken for a change.
import { isObject } from '@tallyport/spec-model/query';
import { loadDocumentFromText, type Json, type JsonObject } from '@tallyport/spec-model';

export type { Json, JsonObject };

export class OpenApiDocument {
  constructor(
    readonly root: JsonObject,
    private readonly resolver: (node: Json | undefined) => Json | undefined = (node) => node,
  ) {}

  static async parse(text: string, name: string): Promise<OpenApiDocument> {
    try {
      const loaded = await loadDocumentFromText(text, name);
      return new OpenApiDocument(loaded.document, loaded.resolve);
    } catch (error) {
      throw new Error(`${name} is not a readable OpenAPI 3.1 document: ${(error as Error).message}`);
    }
  }

  /** A document built in memory (tests), loaded the same way as a file. */
  static fromObject(root: JsonObject, name = 'in-memory.json'): Promise<OpenApiDocument> {
    return OpenApiDocument.parse(JSON.stringify(root), name);
  }

  get version(): string {
    const info = this.root.info;
    return isObject(info) ? String(info.version ?? '') : '';
  }

  /** Follows $ref chains to the node they point at. Unresolvable refs stay as they are. */
  resolve(node: Json | undefined): Json | undefined {
    return this.resolver(node);
  }
}

/** The name a $ref points at (`#/components/schemas/Item` → `Item`), if the node is a ref. */
export function refName(node: Json | undefined): string | undefined {
  return isObject(node) && typeof node.$ref === 'string' ? node.$ref.split('/').at(-1) : undefined;
}
