// Faults that show only across operations (reads and lists, writes and reads, links, keys), each caught by the
// check it names.
import { describeFaults, inCombination, RELATION_CHECKS } from './fault-runs.js';

describeFaults(
  'a fake deployment with one fault between its operations',
  (fault) => RELATION_CHECKS.has(fault.expectedCheck) && !inCombination(fault),
);
