// How long each case took: when the requests it judged were under way. Case
// results carry no duration yet, so it is read from the exchanges the run
// recorded: a failure names its exchanges; any other case takes, in order, the
// next request of its check with the same title (a check judging each request
// names its case after it). A group of cases took the time during which any of
// its requests was under way (requests overlap; their sum would exceed the
// run). Once the engine gives each case result a `durationMs`, that is used.
import type { CaseResult } from '../checks/judging/types.js';
import type { Exchange } from '../transport/transport.js';
import type { ApiName } from '../spec/models.js';

/** The field the engine is asked to add to every case result. */
type Timed = CaseResult & { durationMs?: number };

/**
 * `durationMs` of an exchange counts from `startedAt`, before it waited for a free slot; the engine is asked for
 * `sentAt`, when its first attempt left, so that the wait is not counted.
 */
type Sent = Exchange & { sentAt?: number };

/** When a case's requests were under way ([start, end] in ms since the epoch), or how long it took. */
export type CaseTime = { intervals: Array<[number, number]> } | { ms: number };

export interface CaseDurations {
  /** The time of one case of `check`; cases of a check are asked for in their order. */
  of(api: ApiName, check: string, entry: CaseResult): CaseTime | undefined;
  /** From the first request of the API to the end of its last, when known. */
  span(api: ApiName): number | undefined;
}

/** Durations of cases from the exchanges of each API (as `onExchanges` hands them over). */
export function caseDurations(exchanges: ReadonlyMap<ApiName, readonly Exchange[]>): CaseDurations {
  const byId = new Map<ApiName, Map<number, [number, number]>>();
  const byTitle = new Map<ApiName, Map<string, Array<[number, number]>>>();
  for (const [api, list] of exchanges) {
    const ids = new Map<number, [number, number]>();
    const titles = new Map<string, Array<[number, number]>>();
    for (const exchange of list) {
      const end = exchange.startedAt + exchange.durationMs;
      const interval: [number, number] = [Math.min((exchange as Sent).sentAt ?? exchange.startedAt, end), end];
      ids.set(exchange.id, interval);
      const title = exchange.case?.title ?? exchange.template.label;
      titles.set(title, [...(titles.get(title) ?? []), interval]);
    }
    byId.set(api, ids);
    byTitle.set(api, titles);
  }
  // How many requests of each title each check's cases have taken so far.
  const taken = new Map<string, Map<string, number>>();
  return {
    of(api, check, entry) {
      const timed = (entry as Timed).durationMs;
      if (typeof timed === 'number') return { ms: timed };
      const ids = byId.get(api);
      if (!ids) return undefined;
      if ('exchangeIds' in entry && entry.exchangeIds.length > 0)
        return { intervals: entry.exchangeIds.flatMap((id) => (ids.has(id) ? [ids.get(id)!] : [])) };
      const intervals = byTitle.get(api)?.get(entry.title);
      if (!intervals) return undefined;
      const key = `${api} ${check}`;
      const counts = taken.get(key) ?? new Map<string, number>();
      taken.set(key, counts);
      const index = counts.get(entry.title) ?? 0;
      counts.set(entry.title, index + 1);
      return { intervals: [intervals[index % intervals.length]!] };
    },
    span(api) {
      const list = exchanges.get(api);
      if (!list || list.length === 0) return undefined;
      const start = Math.min(...list.map((exchange) => exchange.startedAt));
      return Math.max(...list.map((exchange) => exchange.startedAt + exchange.durationMs)) - start;
    },
  };
}

/** Without exchanges (a result read back from a report): only durations the engine recorded. */
export const recordedDurations: CaseDurations = {
  of: (_, __, entry) => {
    const timed = (entry as Timed).durationMs;
    return typeof timed === 'number' ? { ms: timed } : undefined;
  },
  span: () => undefined,
};

/** How long a group of cases took: the time any of its requests was under way, plus recorded durations. */
export function groupTime(times: ReadonlyArray<CaseTime | undefined>): number {
  let ms = 0;
  const intervals: Array<[number, number]> = [];
  for (const time of times) {
    if (!time) continue;
    if ('ms' in time) ms += time.ms;
    else intervals.push(...time.intervals);
  }
  intervals.sort((a, b) => a[0] - b[0]);
  let end = Number.NEGATIVE_INFINITY;
  for (const [start, stop] of intervals) {
    ms += Math.max(0, stop - Math.max(start, end));
    end = Math.max(end, stop);
  }
  return ms;
}
