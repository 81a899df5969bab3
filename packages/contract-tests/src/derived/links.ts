// Following the specs' OpenAPI links (section 4.8.20) from an answer to the
// requests they lead to. A link's runtime expression points into the
// payload the spec illustrates (`$response.body#/data/id`); where a
// deployment puts its records elsewhere, the pointer is read relative to
// the record the answer was found to hold, so the link works on any
// envelope. A pointer through a list (`/data/0/id`) stands for every row.
import { type LinkModel, type OperationModel, pointerKeys, recordLocations } from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import type { Row } from '../answers/records.js';
import type { Values } from '../spec/secrets.js';

export interface LinkTarget {
  link: LinkModel;
  /** The parameters of the target request, by name. */
  values: Values;
  /** The object the link's body parameters came from (the purchase's `item`), for `x-tallyport-agree`. */
  source?: Row;
}

const segments = (pointer: string): string[] => pointerKeys(pointer).filter((segment) => segment !== '');

function at(node: unknown, path: readonly string[]): unknown {
  let current = node;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** For a body pointer: each record it reaches (every row for a list), with the path left inside the record. */
function bodyReach(operation: OperationModel, answer: Answer, pointer: string) {
  const path = segments(pointer);
  const rows = answer.records?.rows ?? [];
  for (const location of recordLocations(operation)) {
    const base = segments(location.pointer);
    if (!base.every((segment, index) => path[index] === segment)) continue;
    // A list's pointer names a row by its index: the link is followed from every row.
    const rest = location.many ? path.slice(base.length + 1) : path.slice(base.length);
    if (location.many && !/^\d+$/.test(path[base.length] ?? '')) continue;
    return rows.map((row) => ({ row, rest }));
  }
  return [];
}

/** Every request a link of `answer`'s operation leads to from this answer. */
export function followLink(link: LinkModel, answer: Answer): LinkTarget[] {
  const fromBody: Array<{ row: Row; rest: string[] }> = [];
  const fixed: Values = {};
  const byRow = new Map<Row, Values>();
  for (const [parameter, expression] of Object.entries(link.parameters)) {
    const request = /^\$request\.(path|query|header)\.(.+)$/.exec(expression);
    if (request) {
      const value = answer.case?.values[request[2]!];
      if (value === undefined) return [];
      fixed[parameter] = value;
      continue;
    }
    const body = /^\$response\.body#(\/.*)$/.exec(expression);
    if (!body) return [];
    for (const reach of bodyReach(answer.operation, answer, body[1]!)) {
      const value = at(reach.row, reach.rest);
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      byRow.set(reach.row, { ...byRow.get(reach.row), [parameter]: String(value) });
      fromBody.push(reach);
    }
  }
  const bodyParameters = Object.values(link.parameters).filter((expression) => expression.startsWith('$response.'));
  if (bodyParameters.length === 0) return Object.keys(fixed).length > 0 ? [{ link, values: fixed }] : [];
  return [...byRow.entries()]
    .filter(([, values]) => Object.keys(values).length === bodyParameters.length)
    .map(([row, values]) => {
      const reach = fromBody.find((candidate) => candidate.row === row)!;
      const parent = at(row, reach.rest.slice(0, -1));
      return {
        link,
        values: { ...fixed, ...values },
        ...(parent !== null && typeof parent === 'object' ? { source: parent as Row } : {}),
      };
    });
}

/** The value at a dotted path (`media.preview_image`) of a record. */
export const valueAtPath = (row: Row | undefined, dotted: string): unknown => at(row, dotted.split('.'));
