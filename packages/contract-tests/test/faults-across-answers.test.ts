// Faults that show only across the answers of one operation (defaults, pages, orders, searches, ranges), each
// caught by the check it names.
import { describeFaults, RELATION_CHECKS, SINGLE_ANSWER_CHECKS } from './fault-runs.js';

describeFaults(
  'a fake deployment with one fault between its answers',
  (check) => !SINGLE_ANSWER_CHECKS.has(check) && !RELATION_CHECKS.has(check),
);
