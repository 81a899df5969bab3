// Which operation of either spec a recorded request is: by method and by the
// end of its URL's path, which must be an operation's path (`/api/v1/websites/
// {id}`); what comes before it is the deployment's base URL (origin and any
// path prefix), so one file may hold several deployments and each is judged
// apart. Base URLs given for an API (`--analytics-url`) restrict it to those.
// A literal path is preferred to one with parameters where both fit.
import type { OperationModel } from '@tallyport/spec-model/query';
import { type ApiName, specModels } from '../spec/models.js';

export interface Route {
  api: ApiName;
  operation: OperationModel;
  /** Origin and path prefix, without a trailing slash: the deployment the request went to. */
  baseUrl: string;
  /** The path after the base URL, as recorded. */
  path: string;
  /** The path parameters' values, decoded. */
  pathValues: Record<string, string>;
}

interface Pattern {
  api: ApiName;
  operation: OperationModel;
  regex: RegExp;
  names: string[];
  literal: number;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(api: ApiName, operation: OperationModel): Pattern {
  const names: string[] = [];
  const source = operation.path
    .split(/(\{[^}]+\})/)
    .map((piece) => {
      const name = /^\{([^}]+)\}$/.exec(piece)?.[1];
      if (name === undefined) return escapeRegExp(piece);
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  const literal = operation.path.replace(/\{[^}]+\}/g, '').length;
  return { api, operation, regex: new RegExp(`^(.*?)${source}/?$`), names, literal };
}

const decoded = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const withoutSlash = (url: string): string => url.replace(/\/+$/, '');

export class Routes {
  private readonly patterns: Pattern[];
  private readonly servers: Partial<Record<ApiName, string>>;

  constructor(apis: readonly ApiName[], servers: Partial<Record<ApiName, string>> = {}) {
    this.patterns = apis
      .flatMap((api) => specModels[api].operations.map((operation) => patternOf(api, operation)))
      .sort((a, b) => b.literal - a.literal);
    this.servers = Object.fromEntries(
      Object.entries(servers).flatMap(([api, url]) => (url ? [[api, withoutSlash(url)]] : [])),
    );
  }

  /** The operation a request is, or undefined. */
  match(method: string, url: URL): Route | undefined {
    for (const pattern of this.patterns) {
      if (pattern.operation.method !== method) continue;
      const found = pattern.regex.exec(url.pathname);
      if (!found) continue;
      const baseUrl = `${url.origin}${found[1]}`;
      const server = this.servers[pattern.api];
      if (server !== undefined && server !== baseUrl) continue;
      const pathValues = Object.fromEntries(pattern.names.map((name, index) => [name, decoded(found[index + 2]!)]));
      return {
        api: pattern.api,
        operation: pattern.operation,
        baseUrl,
        path: url.pathname.slice(found[1]!.length),
        pathValues,
      };
    }
    return undefined;
  }
}
