// The case families a check needs, where several checks need the same ones.
import type { CaseFamily } from '../../cases/types.js';

/**
 * Every family that can show the shape of an answer. Derived cases ask the same operations again with values from
 * the rows: every shape they could show is asked for by the other families, so `--only` a shape check does not send
 * them (a full run judges them all the same).
 */
export const EVERY_SHAPE: readonly CaseFamily[] = [
  'baseline',
  'coverage',
  'negative',
  'auth',
  'documented',
  'example',
  'write',
];
