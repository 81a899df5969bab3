// The honest deployments that throttle (10 requests a second, Retry-After: 1): the tester slows down and
// exits 0 (see honest-runs.ts). A file of its own, so its minute runs beside the other variants.
import { describeHonestRuns } from './honest-runs.js';
import { VARIANT_NAMES, VARIANTS } from './variants.js';

describeHonestRuns(
  'the contract tester on throttled honest deployments (writes allowed)',
  VARIANT_NAMES.filter((name) => VARIANTS[name].rateLimitPerSecond > 0),
);
