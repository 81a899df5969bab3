export { startMocks, type StartMocksOptions, type RunningMocks, type MockEndpoint } from './mocks.js';
export { specDocuments, API_NAMES, type ApiName } from './specs.js';
export {
  runContract,
  DEFAULT_LIMITS,
  type RunOptions,
  type RunResult,
  type ApiRunResult,
  type CheckResult,
  type DeploymentTarget,
} from './runner.js';
export type { KeyTransport } from './cases/template.js';
export { CHECK_NAMES, type CaseResult, type CaseStatus } from './checks/index.js';
export { reportSchema, REPORT_SCHEMA_ID } from './reporters/report-schema.js';
export { configSchema, CONFIG_SCHEMA_ID } from './config/schema.js';
