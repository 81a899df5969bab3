// Every fault is live and breaks the check it names: on a fixed probe of both
// APIs it answers differently from the clean fake, and a plain reading of its
// check's definition finds evidence in the probe, where the clean fake gives
// none. Whether the engine itself catches each fault is the engine's own test.
import { beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE } from './fault-evidence.js';
import { type Exchange, probe } from './fault-probe.js';
import { FAULTS } from './faults.js';
import { VARIANTS } from './variants.js';

describe('every single fault', () => {
  let clean: Exchange[];
  beforeAll(() => {
    clean = probe([]);
  });

  it.each(VARIANTS)('leaves the clean probe of the %s variant deterministic and free of evidence', async (variant) => {
    const honest = probe([], variant);
    expect(probe([], variant).map((exchange) => exchange.line)).toEqual(honest.map((exchange) => exchange.line));
    for (const [check, evidence] of Object.entries(EVIDENCE)) {
      expect(
        (await evidence(honest)).map((exchange) => exchange.line),
        check,
      ).toEqual([]);
    }
  });

  it.each(FAULTS.map((fault) => [fault.name, fault] as const))('%s breaks its check on the probe', async (_, fault) => {
    const faulty = probe([fault.name]);
    expect(faulty.length).toBe(clean.length);
    expect(faulty.filter((exchange, index) => exchange.line !== clean[index]?.line).length).toBeGreaterThan(0);
    const reading = EVIDENCE[fault.expectedCheck];
    if (!reading) throw new Error(`no plain reading of ${fault.expectedCheck}`);
    const evidence = await reading(faulty);
    expect(evidence.length, `${fault.expectedCheck} finds nothing`).toBeGreaterThan(0);
  });
});
