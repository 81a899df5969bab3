// The public surface of @tallyport/mock, as an explicit list: the engine, an
// in-process fetch over it, HTTP servers over it, what they print at start, and
// the seeded generator of their data.
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
// The seeded generator behind the mock's data; the contract tests draw their command sequences with it too.
export { createRandom, type Random } from './random.js';
export type { MockRequest } from './request.js';
export {
  type StatefulMockEndpoint,
  type StatefulMockOptions,
  type StatefulMocks,
  startStatefulMocks,
} from './server.js';
export type { ApiName } from './spec.js';
export { startLines } from './start-lines.js';
