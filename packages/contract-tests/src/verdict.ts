// What an answer says of its request: taken, refused, or nothing. HTTP status
// codes are not shown by the source documentation, so a refusal may come
// with any status: a 4XX, an error outcome in the body (the marketplace's
// 错误), or a 2XX whose body holds none of the records the operation
// answers and is not the success payload the spec describes (or, for one
// record, lacks the identifier every such record has). A 429, a 5XX, a
// redirect or no answer says nothing either way.
import { isSuccessStatus, recordLocations, responseFor } from '@tallyport/spec-model/query';
import type { Exchange } from './http/transport.js';
import { outcomeOf, readsRecord, recordsOf } from './payload.js';
import { validateAgainst } from './spec/validator.js';
import { type ApiName, specModels } from './specs.js';

export type Verdict = 'accepted' | 'refused' | 'inconclusive';

interface BodyReading {
  /** The body matches the schema the spec declares for its status (or none is declared). */
  successShaped: boolean;
  /** A 2XX whose body carries a refusal instead of the success payload. */
  refusedInBody: boolean;
}

// Every check, the session and the observations ask about the same exchanges: each body is read (and validated)
// once. A recorded exchange does not change afterwards.
const readings = new WeakMap<Exchange, BodyReading>();

function readBody(api: ApiName, exchange: Exchange): BodyReading {
  const known = readings.get(exchange);
  if (known) return known;
  const reading = { successShaped: true, refusedInBody: false };
  readings.set(exchange, reading);
  const response = exchange.response;
  const model = specModels[api];
  const operation = model.operations.find((candidate) => candidate.id === exchange.template.operationId);
  const declared = operation && response ? responseFor(operation, response.status) : undefined;
  if (!response || !operation) return reading;
  reading.successShaped = !declared?.schemaPointer || validateAgainst(api, declared.schemaPointer, response.json).valid;
  if (!isSuccessStatus(response.status) || response.json === undefined) return reading;
  const outcome = outcomeOf(model, response.json);
  if (outcome !== undefined || !declared?.schemaPointer) {
    reading.refusedInBody = outcome === 'error';
    return reading;
  }
  // A record counts when it carries its kind's identifier (a refusal object is not a website).
  const holdsRecords = recordLocations(operation).some(({ record: kind }) => {
    const identifier = model.records[kind]?.identifier;
    const records = recordsOf(operation, response.json, kind) ?? [];
    return records.some((record) => identifier === undefined || identifier in record);
  });
  // One record of a kind with an identifier always shows it: a body without one is no such record.
  const single = readsRecord(operation);
  const oneWithoutIdentifier = single !== undefined && model.records[single]?.identifier !== undefined;
  reading.refusedInBody = !holdsRecords && (!reading.successShaped || oneWithoutIdentifier);
  return reading;
}

/** A 2XX answer that carries a refusal in its body instead of the success payload. */
export const refusedInBody = (api: ApiName, exchange: Exchange): boolean => readBody(api, exchange).refusedInBody;

/** The body matches the schema the spec declares for its status. */
export const successShaped = (api: ApiName, exchange: Exchange): boolean => readBody(api, exchange).successShaped;

export function verdictOf(api: ApiName, exchange: Exchange): Verdict {
  const response = exchange.response;
  if (!response || exchange.error) return 'inconclusive';
  const { status } = response;
  if (status === 429 || status >= 500) return 'inconclusive';
  const outcome = outcomeOf(specModels[api], response.json);
  if (outcome === 'error') return 'refused';
  if (outcome === 'success') return 'accepted';
  if (status >= 400) return 'refused';
  if (!isSuccessStatus(status)) return 'inconclusive';
  // An API that states outcomes and answered 2XX without a known one has not said yes.
  if (outcome === 'other') return 'inconclusive';
  return refusedInBody(api, exchange) ? 'refused' : 'accepted';
}
