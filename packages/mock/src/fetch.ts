// `createMockFetch`: a `fetch` that answers from the stateful engine in the
// same process, with no server and no port, for unit tests in any runner
// (pass it as the client's `fetch` option). It answers whatever host the URL
// names, routing by path (`/api/v1/...` is analytics, `/api/...` the
// marketplace), and honours an abort signal, the latency included.
import { MockEngine, type MockEngineOptions } from './engine.js';
import { fromFetchRequest } from './request.js';

export interface MockFetch {
  (input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The engine behind it: its keys, its number, the values it recognises. */
  readonly engine: MockEngine;
}

export interface MockFetchOptions extends MockEngineOptions {
  /** An engine to share (with a server, or another fetch); a new one is made from the options otherwise. */
  engine?: MockEngine;
}

export function createMockFetch(options: MockFetchOptions = {}): MockFetch {
  const engine = options.engine ?? new MockEngine(options);
  const mockFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (request.signal.aborted) throw request.signal.reason;
    const answer = await engine.respond(await fromFetchRequest(request), undefined, request.signal);
    const body = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(body, { status: answer.status, headers: answer.headers ?? {} });
  };
  return Object.assign(mockFetch, { engine });
}
