// Both factories, bundled the way an application ships them (esbuild,
// minified, gzip -9), stay within their budget: a size, measured from the
// sources, never a time. The bytes are the same whatever runs the tests, so
// Node's run measures them and Bun's and Deno's say why they do not.
import { describe, expect, test } from 'vitest';
import { BUNDLE_AIM, BUNDLE_BUDGET, measureFactoriesFromSources } from '../bench/bundle-size.mjs';
import { runtime } from './helpers/runtime.js';

describe('the bundle of both factories', () => {
  test.skipIf(runtime !== 'node')(
    `weighs at most its budget of ${BUNDLE_BUDGET} bytes gzip (measured under Node: the bytes are the same anywhere)`,
    async () => {
      const { gzip, minified } = await measureFactoriesFromSources();
      // A bundle that lost the factories would pass any budget: both must be in it, with their input checks.
      expect(minified).toBeGreaterThan(10_000);
      expect(gzip).toBeLessThanOrEqual(BUNDLE_BUDGET);
    },
  );

  test('has a budget that only comes down towards the aim of issue 45', () => {
    expect(BUNDLE_AIM).toBe(10_240);
    expect(BUNDLE_BUDGET).toBeGreaterThanOrEqual(BUNDLE_AIM);
  });
});
