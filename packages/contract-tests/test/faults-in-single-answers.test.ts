// Faults that show in single answers (a status, a body, a message, an echo), each caught by the check it names.
import { describeFaults, inCombination, SINGLE_ANSWER_CHECKS } from './fault-runs.js';

describeFaults(
  'a fake deployment with one fault in its answers',
  (fault) => SINGLE_ANSWER_CHECKS.has(fault.expectedCheck) && !inCombination(fault),
);
