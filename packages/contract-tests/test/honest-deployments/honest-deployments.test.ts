// Every honest deployment that does not throttle: the tester exits 0 on each (see honest-runs.ts). `pnpm test` runs
// the representative of test/tiers.ts, CI's `pnpm test:deployments` every other one.
import { casesOfThisTierNamed } from '../tier-cases.js';
import { REPRESENTATIVES } from '../tiers.js';
import { describeHonestRuns } from './honest-runs.js';
import { isThrottled } from './throttle.js';
import { VARIANT_NAMES, VARIANTS } from './variants.js';

const title = 'the contract tester on honest deployments (writes allowed)';
const unthrottled = VARIANT_NAMES.filter((name) => !isThrottled(VARIANTS[name]));

describeHonestRuns(
  title,
  casesOfThisTierNamed(title, unthrottled, (name) => name, REPRESENTATIVES.honestDeployments),
);
