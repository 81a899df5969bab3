// Traffic of the state model built in a test: websites, walks through the
// pages of the list, reads, creates, updates and deletes, as a run tags them,
// so each invariant is judged on exactly the exchanges a test names.
import type { Recorded } from '../checks/recorded.js';

export type Site = Record<string, unknown> & { id: number; domain: string };

/** A website as the list and a read show it. */
export const site = (id: number, fields: Partial<Site> = {}): Site => ({
  id,
  domain: `site-${id}.example.org`,
  privacy: 1,
  email: 0,
  exclude_bots: 1,
  exclude_params: null,
  exclude_ips: null,
  ...fields,
});

/** Websites `from` down to `to`, as a list ordered by id (date created), newest first. */
export const sites = (from: number, to: number): Site[] =>
  Array.from({ length: from - to + 1 }, (_, index) => site(from - index));

let walks = 0;

/**
 * The pages of one walk of the website list: `pages` of rows, each page tagged as the run tags it; `values` are the
 * list's parameters (per_page included).
 */
export function walk(
  pages: ReadonlyArray<readonly Record<string, unknown>[]>,
  values: Record<string, string> = { per_page: '100' },
  options: { total?: number; sequence?: { id: string; command: number }; operationId?: string } = {},
): Recorded[] {
  const id = `t${++walks}`;
  return pages.map((rows, index) => ({
    operationId: options.operationId ?? 'listWebsites',
    values: index === 0 ? values : { ...values, page: String(index + 1) },
    status: 200,
    body: {
      data: rows,
      ...(options.total !== undefined ? { meta: { total: options.total } } : {}),
    },
    case: {
      family: 'sequence',
      step: 'state: every page',
      walk: { id, page: index + 1 },
      ...(index > 0 ? { expect: 'any' as const } : {}),
      ...(options.sequence ? { sequence: options.sequence } : {}),
    },
  }));
}

/** The rows of a whole list cut into pages of `size`. */
export const paged = <T>(rows: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.max(1, Math.ceil(rows.length / size)) }, (_, index) =>
    rows.slice(index * size, index * size + size),
  );

const tag = (sequence?: { id: string; command: number }) => ({
  family: 'sequence' as const,
  ...(sequence ? { sequence } : {}),
});

export const read = (
  id: number,
  row: Record<string, unknown> | undefined,
  sequence?: { id: string; command: number },
): Recorded => ({
  operationId: 'getWebsite',
  values: { id: String(id) },
  status: row ? 200 : 404,
  body: row ? { data: row } : { message: 'Not found.' },
  case: { ...tag(sequence), step: 'state: a read' },
});

export const create = (
  row: Site,
  sent: Record<string, string> = {},
  options: { sequence?: { id: string; command: number }; startedAt?: number } = {},
): Recorded => ({
  operationId: 'createWebsite',
  values: { domain: row.domain, ...sent },
  status: 201,
  body: { data: row },
  case: { ...tag(options.sequence), step: 'create', expect: 'any' },
  ...(options.startedAt !== undefined ? { startedAt: options.startedAt } : {}),
});

export const update = (
  id: number,
  sent: Record<string, string>,
  row: Record<string, unknown>,
  sequence?: { id: string; command: number },
): Recorded => ({
  operationId: 'updateWebsite',
  values: { id: String(id), ...sent },
  status: 200,
  body: { data: row },
  case: { ...tag(sequence), step: 'update', expect: 'any' },
});

export const remove = (id: number, sequence?: { id: string; command: number }): Recorded => ({
  operationId: 'deleteWebsite',
  values: { id: String(id) },
  status: 204,
  case: { ...tag(sequence), step: 'delete', expect: 'any' },
});

/** A search of the list for `text`, one page. */
export const search = (text: string, rows: readonly Record<string, unknown>[]): Recorded[] =>
  walk([rows], { search: text, per_page: '100' });
