// Faults that show only in the state as a whole (a row lost between pages, a write that touches another record, a
// created record treated unlike the others, a value stored with part of it missing, a neighbour refused), each
// caught by the invariant of the state model it names, with the shrunk command sequence that shows it.
import { describeFaults, inCombination, STATE_CHECKS } from './fault-runs.js';

describeFaults(
  'a fake deployment with one fault in its state as a whole',
  (fault) => STATE_CHECKS.has(fault.expectedCheck) && !inCombination(fault),
);
