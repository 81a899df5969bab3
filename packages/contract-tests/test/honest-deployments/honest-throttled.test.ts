// The honest deployments that throttle per second (10 requests a second, Retry-After: 1 or an HTTP date): the
// tester slows down and exits 0 (see honest-runs.ts). A file of its own, so its minute runs beside the other
// variants. A limit per minute (Laravel's stock 60) makes a run last more than five minutes, too long for
// `pnpm test`: `pnpm bench` runs that variant with every other one (bench/honest.bench-run.ts).
import { describeHonestRuns } from './honest-runs.js';
import { VARIANT_NAMES, VARIANTS } from './variants.js';

describeHonestRuns(
  'the contract tester on throttled honest deployments (writes allowed)',
  VARIANT_NAMES.filter((name) => VARIANTS[name].rateLimitPerSecond > 0 && VARIANTS[name].rateLimitPerMinute === 0),
);
