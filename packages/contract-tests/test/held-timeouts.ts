// The transport's per-request timeout (AbortSignal.timeout), put in the
// test's hands: a request's timeout fires only when the server that holds it
// says so, never because this machine was slow to answer. A verdict of "no
// answer" then rests on what the server did, and every other request may take
// as long as a busy machine makes it take.
import { vi } from 'vitest';

interface InFlight {
  method: string;
  /** The path and query, as the server reads them from the request line. */
  target: string;
  timeout: AbortController;
}

export interface HeldTimeouts {
  /**
   * Fires the timeout of the request in flight with this method and target (`request.url` on the server), as if its
   * time had run out; false when no such request is in flight.
   */
  fire(method: string | undefined, target: string | undefined): boolean;
  /** Puts back the real AbortSignal.timeout, AbortSignal.any and fetch. */
  restore(): void;
}

/** The reason AbortSignal.timeout gives (a DOMException named TimeoutError), which the transport reads. */
const timedOut = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

export function holdTimeouts(): HeldTimeouts {
  // Each timeout signal, and each signal combined from one, to the controller the test fires.
  const owners = new WeakMap<AbortSignal, AbortController>();
  const inFlight: InFlight[] = [];
  const realAny = AbortSignal.any.bind(AbortSignal);
  const realFetch = globalThis.fetch;
  const timeoutSpy = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => {
    const controller = new AbortController();
    owners.set(controller.signal, controller);
    return controller.signal;
  });
  const anySpy = vi.spyOn(AbortSignal, 'any').mockImplementation((signals: AbortSignal[]) => {
    const combined = realAny(signals);
    const owner = signals.map((signal) => owners.get(signal)).find((found) => found !== undefined);
    if (owner) owners.set(combined, owner);
    return combined;
  });
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const timeout = init?.signal ? owners.get(init.signal) : undefined;
    if (!timeout) return realFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : input);
    const entry = { method: (init?.method ?? 'GET').toUpperCase(), target: `${url.pathname}${url.search}`, timeout };
    inFlight.push(entry);
    try {
      return await realFetch(input, init);
    } finally {
      inFlight.splice(inFlight.indexOf(entry), 1);
    }
  });
  return {
    fire(method, target) {
      const entry = inFlight.find(
        (candidate) => candidate.method === method && candidate.target === target && !candidate.timeout.signal.aborted,
      );
      entry?.timeout.abort(timedOut());
      return entry !== undefined;
    },
    restore() {
      timeoutSpy.mockRestore();
      anySpy.mockRestore();
      vi.unstubAllGlobals();
    },
  };
}
