// Faults that show only across answers (defaults, pages, orders, searches, ranges, reads and lists, writes,
// links, keys), each caught by the check it names.
import { describeFaults, SINGLE_ANSWER_CHECKS } from './fault-runs.js';

describeFaults('a fake deployment with one fault between its answers', (check) => !SINGLE_ANSWER_CHECKS.has(check));
