// A day of a statistic shown as the midnight that starts it (`2026-10-01T00:00:00.000Z`, `2026-10-01 00:00:00`),
// which the source documentation does not rule out, is still a day: the ranges of those deployments are judged,
// not skipped as "no dated rows".
import { rmSync } from 'node:fs';
import { expect, it } from 'vitest';
import { runContract } from '../../src/index.js';
import { runOptionsFor, startHonestDeployment } from './server.js';
import type { VariantName } from './variants.js';

it.each<VariantName>(['koa-knex-mysql', 'nest-cqrs-plaid'])('judges the date ranges of %s', async (name) => {
  const deployment = await startHonestDeployment(name);
  expect(deployment.choices.seriesDayValue).not.toBe('date');
  const options = runOptionsFor(deployment);
  try {
    const result = await runContract({ ...options, apis: ['analytics'], only: ['date_range_effect'], log: () => {} });
    expect(result.exitCode).toBe(0);
    const check = result.apis[0]!.checks.find((entry) => entry.check === 'date_range_effect')!;
    expect(check.status).toBe('pass');
    expect(check.cases.filter((entry) => entry.status === 'pass').length).toBeGreaterThan(10);
  } finally {
    await deployment.close();
    if (options.ledgerFile) rmSync(options.ledgerFile, { force: true });
  }
});
