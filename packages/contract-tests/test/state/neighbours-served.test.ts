// neighbours_served on built traffic: an allowed request is not refused where
// its neighbour of the same kind is served.
import { describe, expect, it } from 'vitest';
import { neighboursServed } from '../../src/state/invariants/neighbours-served.js';
import { type Recorded, recordedRun, statuses, verdictOf } from '../checks/recorded.js';
import { create, remove, site } from './traffic.js';

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

  it("fails a read of the run's record refused that was served a step earlier, unless a delete explains it", () => {
    const made = create(site(7, { domain: 'seven.example.org' }));
    const refused = recordedRun([made, readSite(200), readSite(404)]);
    expect(verdictOf(neighboursServed.judge(refused), 'fail').expected).toContain('the same request, a step earlier');
    const deleted = recordedRun([made, readSite(200), remove(7), readSite(404)]);
    expect(statuses(neighboursServed.judge(deleted))).not.toContain('fail');
  });

  it('leaves a record the run did not create that vanishes to another client of the account', () => {
    expect(statuses(neighboursServed.judge(recordedRun([readSite(200), readSite(404)])))).toEqual(['skip']);
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
    // The same write sent again and served: a gateway's occasional 503, no failure of the write.
    expect(
      statuses(
        neighboursServed.judge(recordedRun([write(long, 503), write(long, 200), write('xxxxxxxxxxxxxxxx', 200)])),
      ),
    ).not.toContain('fail');
    // Sent again and refused: the 502 did not hold, and the refusal is a rule of the deployment's, judged apart.
    expect(
      statuses(
        neighboursServed.judge(recordedRun([write(long, 502), write(long, 422), write('xxxxxxxxxxxxxxxx', 200)])),
      ),
    ).not.toContain('fail');
    // A gateway's 504, never sent again (the create was done, its answer lost: the record was found by its label).
    const created = (status: number, domain: string, exclude = long): Recorded => ({
      operationId: 'createWebsite',
      values: { domain, exclude_params: exclude },
      status,
      body: status === 201 ? { data: { id: 9, domain } } : { message: 'Gateway Time-out' },
      case: { family: 'sequence', step: 'create', expect: 'any' },
    });
    expect(
      statuses(
        neighboursServed.judge(
          recordedRun([created(504, 'a.example.com'), created(201, 'b.example.com', 'x'.repeat(16))]),
        ),
      ),
    ).not.toContain('fail');
    expect(
      statuses(
        neighboursServed.judge(
          recordedRun([created(500, 'a.example.com'), created(201, 'b.example.com', 'x'.repeat(16))]),
        ),
      ),
    ).toContain('fail');
    // Sent again and failed again: the failure holds.
    expect(
      statuses(
        neighboursServed.judge(recordedRun([write(long, 502), write(long, 500), write('xxxxxxxxxxxxxxxx', 200)])),
      ),
    ).toContain('fail');
  });
});
