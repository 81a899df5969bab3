// A read after an update is made again only while it shows an older value in the sent value's own form: a
// deployment that shows `email=0` as `false` has made the change, and waiting for a `0` would only slow the run.
import { rmSync } from 'node:fs';
import { expect, it } from 'vitest';
import { runContract } from '../../src/index.js';
import type { Exchange } from '../../src/transport/transport.js';
import { runOptionsFor, startHonestDeployment } from './server.js';

it('reads a change shown as a boolean once, without waiting for the number that was sent', async () => {
  const deployment = await startHonestDeployment('fastapi-max-range');
  expect(deployment.choices.switchesAs).toBe('boolean');
  const options = runOptionsFor(deployment);
  const exchanges: Exchange[] = [];
  try {
    const result = await runContract({
      ...options,
      apis: ['analytics'],
      only: ['stored_as_sent'],
      log: () => {},
      onExchanges: (_api, done) => exchanges.push(...done),
    });
    expect(result.exitCode).toBe(0);
  } finally {
    await deployment.close();
    if (options.ledgerFile) rmSync(options.ledgerFile, { force: true });
  }
  const steps = exchanges.map((exchange) => exchange.case?.step);
  const switchesSent = exchanges.filter(
    (exchange) =>
      exchange.case?.step === 'update' &&
      exchange.response?.status === 200 &&
      ['email', 'exclude_bots'].some((field) => exchange.case?.values[field] !== undefined),
  );
  expect(switchesSent.length).toBeGreaterThan(0);
  expect(steps.filter((step) => step === 'read-after-update')).toHaveLength(
    steps.filter((step) => step === 'update').length,
  );
});
