// Walking a list through every page. The source documentation shows only
// `per_page`: how a further page is reached is not shown. The run follows
// what the deployment offers, in this order: the next page its answer links
// (a `next` URL, HAL or Hydra links, an RFC 8288 `Link` header: only the
// query is taken, and only from a link to the same origin and path), else
// page numbers, learnt once per operation by asking for `page=1`: the same
// rows as the first answer mean pages count from 1; other rows, from 0 (the
// answer was the second page); anything else, that it offers none. A walk
// that cannot go on is cut, and says why; the invariants judge a cut walk
// only for what it holds.
import type { OperationModel } from '@tallyport/spec-model/query';
import type { Answer } from '../../answers/answer.js';
import { type RequestCase, requestCase } from '../../cases/types.js';
import type { Values } from '../../spec/secrets.js';
import { rowIdentity, sharesMostRows } from '../../state/walks.js';

/** How an operation's further pages are reached, once learnt. */
type Paging = { by: 'page'; first: 0 | 1 } | { by: 'none'; why: string };

/** Pages a walk asks for at most (a list of 100 a page: 2,000 rows). */
export const MAX_PAGES = 20;

export interface WalkTags {
  /** The walk's id, unique in the run. */
  id: string;
  step: string;
  sequence?: RequestCase['sequence'];
  note?: string;
  /** Pages to ask for at most (default `MAX_PAGES`). */
  maxPages?: number;
}

export interface WalkResult {
  pages: Answer[];
  complete: boolean;
  /** Why the walk stopped before the last page. */
  cut?: string;
}

const ids = (answer: Answer, identifier: string | undefined): string[] =>
  (answer.records?.rows ?? []).map((row) => rowIdentity(row, identifier));

const full = (answer: Answer): boolean => answer.page?.size !== undefined && answer.records!.count >= answer.page.size;

export class Walker {
  private readonly learnt = new Map<string, Paging>();

  constructor(
    private readonly send: (testCase: RequestCase) => Promise<Answer>,
    /** Names a link's query may hold that are never sent back from it (the key). */
    private readonly neverFromLinks: ReadonlySet<string>,
    private readonly identifierOf: (kind: string) => string | undefined,
  ) {}

  /** How an operation's further pages are reached, as learnt so far. */
  pagingOf(operation: OperationModel): string {
    const paging = this.learnt.get(operation.id);
    if (!paging) return 'not learnt yet';
    return paging.by === 'page' ? `page numbers from ${paging.first}` : paging.why;
  }

  /** A page of the walk (`page` from 1), or a probe of how pages are numbered (`page` 0: not a page of it). */
  private caseOf(operation: OperationModel, values: Values, tags: WalkTags, page: number): RequestCase {
    const step = page === 0 ? `${tags.step}: paging probe` : tags.step;
    const note = `${tags.note ?? tags.step}${page > 1 ? `, page ${page}` : ''}`;
    const made = requestCase(operation.id, 'sequence', values, note, {
      // How further pages are reached is the deployment's own: a probe, or a page past the end, may be refused.
      expect: page === 1 ? 'success' : 'any',
      step,
      walk: { id: tags.id, page },
      ...(tags.sequence ? { sequence: tags.sequence } : {}),
    });
    return { ...made, key: `${made.key} ${step}` };
  }

  /**
   * The page after `answer`: the values that ask for it, or the page itself when learning how pages are numbered
   * asked for it already, or why there is none to ask for.
   */
  private async next(
    operation: OperationModel,
    values: Values,
    answer: Answer,
    first: Answer,
    page: number,
    tags: WalkTags,
  ): Promise<{ values: Values } | { answer: Answer } | { cut: string }> {
    const linked = answer.page?.next;
    if (linked) {
      // The link gives the query; what travels elsewhere (the path's id) stays as the walk sent it.
      const elsewhere = operation.parameters.filter(
        (parameter) => parameter.in !== 'query' && parameter.name in values,
      );
      const query = linked.filter(([name]) => !this.neverFromLinks.has(name));
      const kept = Object.fromEntries(elsewhere.map((parameter) => [parameter.name, values[parameter.name]!]));
      return { values: { ...kept, ...Object.fromEntries(query) } };
    }
    let paging = this.learnt.get(operation.id);
    if (!paging) {
      const learnt = await this.learn(operation, values, first, tags);
      if (learnt.paging) this.learnt.set(operation.id, learnt.paging);
      if (learnt.second) return { answer: learnt.second };
      paging = learnt.paging!;
    }
    if (paging.by === 'none') return { cut: paging.why };
    return { values: { ...values, page: String(paging.first + page - 1) } };
  }

  /**
   * How pages are numbered: `page=1` answering other rows than the first page, or none, means pages count from 0
   * (the probe is not a page of the walk: its page 2 asks `page=1` again); answering the same rows, pages count from
   * 1 if `page=2` (asked as the walk's second page) answers others or none; answering the first page again, there is
   * no way to a further page. A refused `page=2` ends the walk and teaches nothing (past the end, a deployment may
   * refuse a page it would serve in a longer list): `paging` is then undefined, to be learnt on the next walk.
   */
  private async learn(
    operation: OperationModel,
    values: Values,
    first: Answer,
    tags: WalkTags,
  ): Promise<{ paging?: Paging; second?: Answer }> {
    const identifier = this.identifierOf(first.records!.kind);
    const before = new Set(ids(first, identifier));
    // On a shared account the first page asked again may have shifted by a row or two (state/walks.ts).
    const repeats = (answer: Answer) =>
      answer.verdict === 'accepted' && sharesMostRows(before, ids(answer, identifier));
    const news = (answer: Answer) =>
      answer.verdict === 'accepted' && !repeats(answer) && (answer.records?.count ?? 0) > 0;
    const empty = (answer: Answer) => answer.verdict === 'accepted' && answer.records?.count === 0;
    const probe = await this.send(this.caseOf(operation, { ...values, page: '1' }, tags, 0));
    if (news(probe) || empty(probe)) return { paging: { by: 'page', first: 0 } };
    if (!repeats(probe))
      return {
        paging: {
          by: 'none',
          why: 'its answers link no next page, and page=1 neither repeats nor follows the first page',
        },
      };
    const second = await this.send(this.caseOf(operation, { ...values, page: '2' }, tags, 2));
    if (news(second) || empty(second)) return { paging: { by: 'page', first: 1 }, second };
    if (second.verdict === 'refused') return { second };
    return {
      paging: { by: 'none', why: 'its answers link no next page, and it answers page=2 as the first page' },
      second,
    };
  }

  /** Every page of a list query, from the first until the deployment shows no more (at most `MAX_PAGES`). */
  async walk(operation: OperationModel, values: Values, tags: WalkTags): Promise<WalkResult> {
    const first = await this.send(this.caseOf(operation, values, tags, 1));
    const pages = [first];
    if (first.verdict !== 'accepted' || !first.records?.many)
      return { pages, complete: false, cut: 'the first page was not answered as a list' };
    let last = first;
    const most = tags.maxPages ?? MAX_PAGES;
    // A deployment that links its pages ends them where its links end: a full last page links nothing further.
    const linked = first.page?.next !== undefined;
    for (let page = 2; page <= most + 1; page++) {
      // A short page is the last, unless it links a next one (a page short of its size in the middle is a fault).
      if ((!full(last) && !last.page?.next) || last.page?.last || (linked && !last.page?.next))
        return { pages, complete: true };
      if (page > most) return { pages, complete: false, cut: `more than ${most} pages` };
      const next = await this.next(operation, values, last, first, page, tags);
      if ('cut' in next) return { pages, complete: false, cut: next.cut };
      const answer = 'answer' in next ? next.answer : await this.send(this.caseOf(operation, next.values, tags, page));
      pages.push(answer);
      const identifier = this.identifierOf(first.records.kind);
      const repeated = ids(answer, identifier).join('\n') === ids(last, identifier).join('\n');
      // Past the end: refused, empty, or the last page again (Pagy's overflow), once a second page was seen.
      if (answer.verdict === 'refused' || (answer.verdict === 'accepted' && (answer.records?.count === 0 || repeated)))
        return repeated && page === 2
          ? { pages, complete: false, cut: 'page 2 is page 1 again' }
          : { pages, complete: true };
      if (answer.verdict !== 'accepted' || !answer.records?.many)
        return { pages, complete: false, cut: `page ${page} was not answered as a page` };
      last = answer;
    }
    return { pages, complete: false, cut: `more than ${most} pages` };
  }
}
