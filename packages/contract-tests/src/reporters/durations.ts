// How long each case took: the time of the requests it judged. Case results
// carry no duration yet, so it is read from the exchanges the run recorded: a
// failure names its exchanges, any other case shares its title with the
// request it judged. Once the engine gives each case result a `durationMs`,
// that is used instead.
import type { CaseResult } from '../checks/types.js';
import type { Exchange } from '../http/transport.js';
import type { ApiName } from '../specs.js';

/** The field the engine is asked to add to every case result. */
type Timed = CaseResult & { durationMs?: number };

export type CaseDuration = (api: ApiName, entry: CaseResult) => number | undefined;

/** Durations of cases from the exchanges of each API (as `onExchanges` hands them over). */
export function caseDurations(exchanges: ReadonlyMap<ApiName, readonly Exchange[]>): CaseDuration {
  const byApi = new Map<ApiName, { byId: Map<number, number>; byTitle: Map<string, number> }>();
  for (const [api, list] of exchanges) {
    const byId = new Map<number, number>();
    const byTitle = new Map<string, number>();
    for (const exchange of list) {
      byId.set(exchange.id, exchange.durationMs);
      const title = exchange.case?.title ?? exchange.template.label;
      byTitle.set(title, (byTitle.get(title) ?? 0) + exchange.durationMs);
    }
    byApi.set(api, { byId, byTitle });
  }
  return (api, entry) => {
    const timed = (entry as Timed).durationMs;
    if (typeof timed === 'number') return timed;
    const known = byApi.get(api);
    if (!known) return undefined;
    if ('exchangeIds' in entry && entry.exchangeIds.length > 0)
      return entry.exchangeIds.reduce((sum, id) => sum + (known.byId.get(id) ?? 0), 0);
    return known.byTitle.get(entry.title);
  };
}

/** Without exchanges (a result read back from a report): only durations the engine recorded. */
export const recordedDurations: CaseDuration = (_, entry) => (entry as Timed).durationMs;
