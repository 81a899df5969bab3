// What a status alone says about a request. The source documentation shows
// no status code, so a status never decides a verdict by itself; but some
// say the request was not judged at all: a 429 (throttled), a 5XX (the
// deployment failed), a redirect (the answer is elsewhere). This is the one
// definition of "a status that says nothing" for the whole engine.

/** The status says nothing about whether the request was acceptable. */
export const saysNothing = (status: number): boolean =>
  status === 429 || status >= 500 || (status >= 300 && status < 400);

/** The deployment (or a gateway before it) cannot serve now, whatever was asked. */
export const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
