// What a status says by itself, the one reading for the client and the
// tester: a success (2XX); the answers of a throttle or a gateway (429, 502,
// 503, 504), which say nothing of the request and ask only for patience; and
// the statuses that say nothing about whether a request was acceptable at all
// (a throttle, a server's failure, a redirect elsewhere).

/** A 2XX: the request was served. */
export const isSuccessStatus = (status: number): boolean => status >= 200 && status <= 299;

/** The deployment (or a gateway before it) cannot serve now, whatever was asked. */
export const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** The status says nothing about whether the request was acceptable: a 429, a 5XX or a redirect. */
export const saysNothing = (status: number): boolean =>
  status === 429 || status >= 500 || (status >= 300 && status < 400);
