// Faults that show only across the answers of one operation (defaults, pages, orders, searches, ranges), each
// caught by the check it names.
import { describeFaults, inCombination, RELATION_CHECKS, SINGLE_ANSWER_CHECKS, STATE_CHECKS } from './fault-runs.js';

describeFaults(
  'a fake deployment with one fault between its answers',
  (fault) =>
    !SINGLE_ANSWER_CHECKS.has(fault.expectedCheck) &&
    !RELATION_CHECKS.has(fault.expectedCheck) &&
    !STATE_CHECKS.has(fault.expectedCheck) &&
    !inCombination(fault),
);
