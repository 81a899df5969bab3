// The operation ids of each spec, read from the spec files, so a generator's
// output can be checked for having written every operation.
import { readFileSync } from 'node:fs';
import { type ApiName, specPath } from './tools.js';

export function operationIdsOf(api: ApiName): string[] {
  return [...readFileSync(specPath(api), 'utf8').matchAll(/^\s+operationId: (\w+)$/gm)].map((match) => match[1] ?? '');
}
