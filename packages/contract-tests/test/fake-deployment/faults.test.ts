// Every fault is live and breaks the check it names: on a fixed probe of both
// APIs it answers differently from the clean fake, and a plain reading of its
// check's definition finds evidence in the probe, where the clean fake gives
// none. Whether the engine itself catches each fault is the engine's own test.
import { beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE } from './fault-evidence.js';
import { type Exchange, probe } from './fault-probe.js';
import { COMBINATION_FAULTS, FAULTS, TEXT_FAULTS } from './faults.js';
import { outsideAscii } from './http.js';
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

/**
 * The parameters an exchange sends beyond the plain call, the key without items counted as one: not the key itself,
 * nor what selects a statistic's data (its name and range).
 */
function parametersMet(exchange: Exchange): number {
  const plain = new Set(['api_key', ...(exchange.operationId === 'getStats' ? ['name', 'from', 'to'] : [])]);
  const sent = Object.keys({ ...exchange.query, ...exchange.form }).filter((name) => !plain.has(name));
  return sent.length + (exchange.key === 'without-records' ? 1 : 0);
}

const unusualText = (exchange: Exchange): boolean =>
  Object.values({ ...exchange.query, ...exchange.form }).some((value) => [...value].length > 64 || outsideAscii(value));

describe('faults that show only where parameters meet, or only for unusual text', () => {
  let clean: Exchange[];
  beforeAll(() => {
    clean = probe([]);
  });

  it('number at least eight and three', () => {
    expect(COMBINATION_FAULTS.size).toBeGreaterThanOrEqual(8);
    expect(TEXT_FAULTS.size).toBeGreaterThanOrEqual(3);
  });

  it.each([...COMBINATION_FAULTS])(
    '%s answers every request of fewer than two parameters as the clean fake',
    (name) => {
      const changed = probe([name]).filter((exchange, index) => exchange.line !== clean[index]?.line);
      expect(changed.filter((exchange) => parametersMet(exchange) < 2).map((exchange) => exchange.line)).toEqual([]);
    },
  );

  it.each([...TEXT_FAULTS])('%s answers ASCII text of 64 characters or fewer as the clean fake', (name) => {
    const changed = probe([name]).filter((exchange, index) => exchange.line !== clean[index]?.line);
    expect(changed.filter((exchange) => !unusualText(exchange)).map((exchange) => exchange.line)).toEqual([]);
  });
});
