// What counts as a refusal: a 4XX, or, for an API whose bodies state their
// outcome, an error outcome whatever the status. A 429 or a 5XX says nothing
// about the request and is never counted either way.
import { isSuccessStatus } from '@tallyport/spec-model/query';
import type { SpecModel } from '@tallyport/spec-model/query';
import { outcomeOf } from '../payload.js';
import type { Exchange } from '../http/transport.js';
import { inconclusive } from './evidence.js';

export type RefusalVerdict = 'refused' | 'accepted' | 'inconclusive';

export function refusalOf(model: SpecModel, exchange: Exchange): RefusalVerdict {
  const status = exchange.response!.status;
  if (inconclusive(status)) return 'inconclusive';
  const outcome = outcomeOf(model, exchange.response!.json);
  if (outcome === 'error') return 'refused';
  if (outcome === 'success') return 'accepted';
  if (!isSuccessStatus(status)) return status >= 400 ? 'refused' : 'inconclusive';
  // Outcome-stating APIs that answer 2XX without a known outcome have not said yes.
  return outcome === 'other' ? 'inconclusive' : 'accepted';
}
