// The public surface of @tallyport/mock, as an explicit list: the engine, an
// in-process fetch over it, HTTP servers over it, and what they print at start.
export {
  type ApiDescription,
  DEFAULT_KEYS,
  type KnownValue,
  type MockAnswer,
  MockEngine,
  type MockEngineOptions,
  type MockKeys,
} from './engine.js';
export { createMockFetch, type MockFetch, type MockFetchOptions } from './fetch.js';
export type { MockRequest } from './request.js';
export {
  type StatefulMockEndpoint,
  type StatefulMockOptions,
  type StatefulMocks,
  startStatefulMocks,
} from './server.js';
export type { ApiName } from './spec.js';
export { startLines } from './start-lines.js';
