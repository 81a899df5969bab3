// Every honest deployment that does not throttle: the tester exits 0 on each (see honest-runs.ts).
import { describeHonestRuns } from './honest-runs.js';
import { isThrottled } from './throttle.js';
import { VARIANT_NAMES, VARIANTS } from './variants.js';

describeHonestRuns(
  'the contract tester on honest deployments (writes allowed)',
  VARIANT_NAMES.filter((name) => !isThrottled(VARIANTS[name])),
);
