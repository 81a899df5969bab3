// Faults that show only when two or three parameters are sent together, and faults that show only for text
// outside ASCII or for long text, each to be caught by the check it names. They were written before the plan
// reached such requests: a fault the plan does not reach yet fails here, which is what it is for.
import { COMBINATION_FAULTS, TEXT_FAULTS } from './fake-deployment/faults.js';
import { describeFaults } from './fault-runs.js';

describeFaults('a fake deployment with one fault where parameters meet', (fault) => COMBINATION_FAULTS.has(fault.name));
describeFaults('a fake deployment with one fault in text outside ASCII or long', (fault) =>
  TEXT_FAULTS.has(fault.name),
);
