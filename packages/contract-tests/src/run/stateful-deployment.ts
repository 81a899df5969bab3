// The stateful mock as the run's deployment (`--mock stateful`): for each API
// it serves, what a user would otherwise set in the environment to point the
// tester at it (its base URL, its documented demo keys, the key whose account
// holds no records, and a value only its data makes valid, such as a purchase
// code), so the run judges it as a deployment, writes included, with no
// variable to set. Read from the mock's own description, never retyped.
import type { RunningMocks } from './mocks.js';
import { API_SECRETS, knownValueField } from '../spec/deployment.js';
import type { ApiName } from '../spec/models.js';

/** A deployment of one API as the run options give it: base URL, key, and the other secrets by their field. */
export type StatefulDeployment = { baseUrl: string; apiKey: string } & Record<string, string>;

/** The deployment the stateful `mocks` are for `api`, or undefined when they do not serve it. */
export function statefulDeployment(mocks: RunningMocks, api: ApiName): StatefulDeployment | undefined {
  const endpoint = mocks[api];
  const engine = mocks.engine;
  if (!endpoint || !engine) return undefined;
  const about = engine.describe(api);
  const deployment: StatefulDeployment = { baseUrl: endpoint.url, apiKey: about.key };
  if (about.emptyKey && API_SECRETS[api].keyWithoutRecords) deployment.emptyApiKey = about.emptyKey;
  // One valid value of each parameter only the deployment's data decides, as a user gives one.
  for (const parameter of Object.keys(API_SECRETS[api].knownValues)) {
    const known = engine.knownValues().find((value) => value.api === api && value.parameter === parameter);
    if (known) deployment[knownValueField(parameter)] = known.value;
  }
  return deployment;
}
