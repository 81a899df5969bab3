// The stateful mock as a deployment, the way a user points the tester at one: its base URLs and demo keys, the
// key without records and a purchase code it knows, as the environment variables `tallyport-contract` reads.
import type { RunningMocks } from '../src/run/mocks.js';

export function statefulMockEnv(mocks: RunningMocks): Record<string, string> {
  const engine = mocks.engine!;
  return {
    ANALYTICS_BASE_URL: mocks.analytics!.url,
    ANALYTICS_API_KEY: engine.keys.analyticsKey,
    MARKETPLACE_BASE_URL: mocks.marketplace!.url,
    MARKETPLACE_API_KEY: engine.keys.marketKey,
    MARKETPLACE_EMPTY_API_KEY: engine.keys.emptyKey,
    MARKETPLACE_PURCHASE_CODE: engine.knownValues()[0]!.value,
  };
}
