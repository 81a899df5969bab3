// The output property (output-property.ts) on a few thousand random cases,
// seeded: TALLYPORT_PROPERTY_SEED and TALLYPORT_PROPERTY_RUNS replay a
// failure or run more (`pnpm bench` runs many more).
import { describe, expect, it } from 'vitest';
import { checkOutputs, keyPiecesInOwnText } from './output-property.js';

const RUNS = Number(process.env.TALLYPORT_PROPERTY_RUNS ?? 2000);
const SEED = Number(process.env.TALLYPORT_PROPERTY_SEED ?? 27_2026);

describe('every output of a run, whatever the deployment answers', () => {
  it('the keys of the property are no words the tester prints (none of their pieces is left by design)', () => {
    expect(keyPiecesInOwnText()).toEqual([]);
  });

  it('shows no key nor piece of one, writes reports that parse, prints no raw control character', async () => {
    await checkOutputs(RUNS, SEED, (line) => console.log(line));
  });
});
