export { startMocks, type StartMocksOptions, type RunningMocks, type MockEndpoint } from './mocks.js';
export { specDocuments, API_NAMES, type ApiName } from './specs.js';
