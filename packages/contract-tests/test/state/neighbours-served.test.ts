// neighbours_served on built traffic: an allowed request is not refused where
// its neighbour of the same kind is served.
import { describe, expect, it } from 'vitest';
import { neighboursServed } from '../../src/state/invariants/neighbours-served.js';
import { type Recorded, recordedRun, statuses, verdictOf } from '../checks/recorded.js';
import { remove } from './traffic.js';

const stats = (from: string, to: string, status: number): Recorded => ({
  operationId: 'getStats',
  values: { id: '3', name: 'city', from, to },
  status,
  body: status === 200 ? { data: [{ value: 'Oslo', count: 3 }] } : { message: 'The from field is invalid.' },
});
const list = (search: string, status: number): Recorded => ({
  operationId: 'listWebsites',
  values: { search },
  status,
  body: status === 200 ? { data: [] } : { message: 'The search field is invalid.' },
});
const readSite = (status: number): Recorded => ({
  operationId: 'getWebsite',
  values: { id: '7' },
  status,
  body: status === 200 ? { data: { id: 7, domain: 'seven.example.org' } } : { message: 'Not found.' },
});

describe('neighbours_served', () => {
  it('fails a range refused where the same range a day earlier is served', () => {
    const run = recordedRun([stats('2024-03-01', '2024-03-31', 422), stats('2024-02-29', '2024-03-30', 200)]);
    const failure = verdictOf(neighboursServed.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'neighbour-served', basis: 'specified' });
    expect(failure.expected).toContain('the day before');
    expect(failure.steps).toHaveLength(2);
  });

  it('fails a search text refused where a text of its length in ASCII is served, and a 5XX alike', () => {
    const quote = recordedRun([list("o'clock", 422), list('tallypo', 200)]);
    expect(verdictOf(neighboursServed.judge(quote), 'fail').expected).toContain('the same text in ASCII');
    const crash = recordedRun([list('ñandú', 500), list('tally', 200)]);
    expect(verdictOf(neighboursServed.judge(crash), 'fail').reason).toContain('answered HTTP 500');
  });

  it('fails a request refused that was served a step earlier, unless a delete in between explains it', () => {
    expect(verdictOf(neighboursServed.judge(recordedRun([readSite(200), readSite(404)])), 'fail').expected).toContain(
      'the same request, a step earlier',
    );
    expect(statuses(neighboursServed.judge(recordedRun([readSite(200), remove(7), readSite(404)])))).toEqual(['skip']);
  });

  it('skips where nothing allowed was refused, or where the neighbour was refused too', () => {
    expect(
      statuses(
        neighboursServed.judge(
          recordedRun([stats('2024-03-01', '2024-03-31', 422), stats('2024-02-29', '2024-03-30', 422)]),
        ),
      ),
    ).toEqual(['skip']);
  });

  it('fails a write of the sequences that fails where the same write with plain short text is served', () => {
    const write = (exclude: string, status: number): Recorded => ({
      operationId: 'updateWebsite',
      values: { id: '9', exclude_params: exclude },
      status,
      body: status === 200 ? { data: { id: 9, exclude_params: exclude } } : { message: 'Server Error' },
      case: { family: 'sequence', step: 'update', expect: 'any' },
    });
    const long = 'x'.repeat(300);
    const failure = verdictOf(
      neighboursServed.judge(recordedRun([write(long, 500), write('xxxxxxxxxxxxxxxx', 200)])),
      'fail',
    );
    expect(failure).toMatchObject({ kind: 'neighbour-served', basis: 'specified', reason: 'answered HTTP 500' });
    // Refused (a rule of the deployment's: a length it bounds) is no failure of a write.
    expect(
      statuses(neighboursServed.judge(recordedRun([write(long, 422), write('xxxxxxxxxxxxxxxx', 200)]))),
    ).not.toContain('fail');
  });
});
