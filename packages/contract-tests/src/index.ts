export { startMocks, type StartMocksOptions, type RunningMocks, type MockEndpoint } from './run/mocks.js';
export { specDocuments, API_NAMES, type ApiName } from './spec/models.js';
export { runContract, DEFAULT_LIMITS, type RunOptions, type DeploymentTarget } from './run/contract.js';
export type { RunResult, ApiRunResult, CheckResult } from './report/result.js';
export type { KeyTransport } from './transport/template.js';
export { CHECK_NAMES, type CaseResult, type CaseStatus } from './registry/index.js';
export { reportSchema, REPORT_SCHEMA_ID } from './report/report-schema.js';
export { configSchema, CONFIG_SCHEMA_ID } from './cli/config/schema.js';
