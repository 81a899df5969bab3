// One reading of each answer. When an exchange is recorded, everything the
// run will ask of it is read here, once: whether it says anything, the
// verdict on its request (taken, refused, or nothing), the outcome and
// message a body states, the records it holds and their ids, whether it is
// a complete page, the body against its declared schema (with the basis of
// what fails), and a redacted excerpt and digest of the body. The raw body
// is then dropped from the exchange, so memory grows with what was judged,
// not with what a deployment chose to send. Checks, derived cases,
// observations and the write session all read these fields.
//
// HTTP status codes are not shown by the source documentation, so a refusal
// may come with any status: a 4XX, an error outcome in the body (the
// marketplace's 错误), or a 2XX whose body holds none of the records the
// operation answers and is not the success payload the spec describes.
import { createHash } from 'node:crypto';
import {
  type ErrorMessageModel,
  isObject,
  type OperationModel,
  operationById,
  singleKind,
  type SpecModel,
} from '@tallyport/spec-model/query';
import type { RequestCase } from '../cases/types.js';
import type { Exchange } from '../transport/transport.js';
import type { ApiName } from '../spec/models.js';
import { type BodyShape, bodyShapeOf } from './body-shape.js';
import { detach, idText, shapeOf } from './json-values.js';
import { messageOf, type Outcome, outcomeOf } from './outcome.js';
import { pageOf, type PageReading } from './page.js';
import { type FoundRecords, findRecords, type Row } from './records.js';
import { declaredFor, readSchema, type SchemaReading } from './schema.js';
import { isSuccessStatus, saysNothing } from '@tallyport/http-policy';

export type Verdict = 'accepted' | 'refused' | 'inconclusive';

export interface BodyReading {
  /** Size of the body as received, in characters. */
  length: number;
  /** sha256 of the body, to tell bodies apart after the text is gone. */
  digest: string;
  /** The body redacted, then cut to `EXCERPT_CHARS`. */
  excerpt: string;
  /** The body parsed as JSON (within the bounds of http/json.ts). */
  json: boolean;
  /** Why a non-empty body is not JSON. */
  jsonError?: string;
}

export interface Answer {
  readonly exchange: Exchange;
  readonly api: ApiName;
  readonly operation: OperationModel;
  readonly case: RequestCase | undefined;
  /** A status and the whole body arrived. */
  readonly answered: boolean;
  readonly status: number | undefined;
  /** The status says something about the request (it is not a 429, a 5XX or a redirect). */
  readonly conclusive: boolean;
  readonly verdict: Verdict;
  /** What the body states, for APIs whose spec marks an outcome field. */
  readonly outcome: Outcome | undefined;
  readonly message: unknown;
  readonly body: BodyReading;
  /** `object {data, links, meta}`, `bare array`, `no JSON body`. */
  readonly shape: string;
  /** The body read against the response its status declares (the refusal response for a refusal in a 2XX). */
  readonly schema: SchemaReading;
  /** A 2XX whose body carries a refusal instead of the success payload. */
  readonly refusedInBody: boolean;
  readonly records: FoundRecords | undefined;
  /** The identifiers of the records, as strings. */
  readonly ids: string[];
  readonly page: PageReading | undefined;
  /** The top-level keys of a JSON object body, for observations of error bodies. */
  readonly keys: string[] | undefined;
  /** The types and member names of a JSON body, never its values (the shape refusals share is observed). */
  readonly bodyShape: BodyShape | undefined;
  /**
   * Which state of the data it saw: the run moves to a new epoch when it writes outside its write round trip (a
   * record created to read), and answers of different epochs are never compared.
   */
  readonly epoch: number;
}

export const EXCERPT_CHARS = 2000;

export interface AnswerContext {
  api: ApiName;
  model: SpecModel;
  /** Redacts every secret of the run; applied before anything is cut. */
  redact(text: string): string;
  /** The state of the data answers are read in (see `Answer.epoch`); 0 when absent. */
  epoch?: number;
}

function bodyOf(exchange: Exchange, redact: (text: string) => string): BodyReading {
  const response = exchange.response;
  const text = response?.text ?? '';
  return {
    length: text.length,
    digest: createHash('sha256').update(text).digest('hex'),
    // Redacted before it is cut; only the head is read, with room for a key that starts inside the excerpt (in any
    // of its longer forms) to be whole when the redactor sees it.
    excerpt: detach(redact(text.slice(0, EXCERPT_CHARS + 2048)).slice(0, EXCERPT_CHARS)),
    json: response?.json !== undefined,
    ...(response?.jsonError ? { jsonError: response.jsonError } : {}),
  };
}

function verdictOf(answer: Omit<Answer, 'verdict'>): Verdict {
  const { status, outcome } = answer;
  if (!answer.answered || status === undefined || saysNothing(status)) return 'inconclusive';
  if (outcome === 'error') return 'refused';
  if (outcome === 'success') return 'accepted';
  if (status >= 400) return 'refused';
  if (!isSuccessStatus(status)) return 'inconclusive';
  // An API that states outcomes and answered 2XX without a known one has not said yes.
  if (outcome === 'other') return 'inconclusive';
  return answer.refusedInBody ? 'refused' : 'accepted';
}

/** Reads a recorded exchange once, then drops its raw body (the excerpt stays as its text). */
export function readAnswer(exchange: Exchange, context: AnswerContext): Answer {
  const { api, model } = context;
  const operation = operationById(model, exchange.template.operationId);
  const response = exchange.response;
  const answered = !!response && !exchange.error;
  const status = response?.status;
  const json = answered ? response!.json : undefined;
  // A body that is not JSON is read against the schema as the text it is (a schema that allows anything passes).
  const value = json !== undefined ? json : (response?.text ?? '');
  const success = answered && isSuccessStatus(status!);
  const outcome = answered ? outcomeOf(model, json) : undefined;
  const successResponse = success ? declaredFor(operation, status!, false) : undefined;
  const records =
    success && json !== undefined ? findRecords(model, operation, json, !!successResponse?.convention) : undefined;
  const shaped = success ? readSchema(api, model, successResponse, value, records) : undefined;
  // A body with the outcome field says for itself; otherwise a 2XX without the operation's records and without
  // the success payload (or, for one record with an identifier, without it) is a refusal.
  const refusedInBody =
    success && json !== undefined
      ? outcome !== undefined
        ? outcome === 'error'
        : !!successResponse?.schemaPointer &&
          records === undefined &&
          (!shaped!.valid || singleWithIdentifier(model, operation))
      : false;
  // A refusal in a 2XX body, where a refusal was due, is read against the schema of refusals.
  const refusalDue = exchange.case?.expect !== 'success' || exchange.case.auth !== 'valid';
  const schema =
    answered && status !== undefined
      ? refusedInBody && refusalDue
        ? readSchema(api, model, declaredFor(operation, status, true), value, undefined)
        : (shaped ?? readSchema(api, model, declaredFor(operation, status, false), value, undefined))
      : { valid: true, problems: [] };
  const rows: Row[] = records?.rows ?? [];
  const identifier = records ? model.records[records.kind]?.identifier : undefined;
  const partial = {
    exchange,
    api,
    operation,
    case: exchange.case,
    answered,
    status,
    conclusive: answered && status !== undefined && !saysNothing(status),
    outcome,
    message: answered ? messageOf(model, json) : undefined,
    body: bodyOf(exchange, context.redact),
    shape: answered ? shapeOf(json) : 'no answer',
    schema,
    refusedInBody,
    records,
    ids: identifier ? rows.flatMap((row) => idText(row[identifier]) ?? []) : [],
    page: records?.many
      ? pageOf(operation, exchange.case?.values ?? {}, records.count, json, response?.headers, exchange.template)
      : undefined,
    keys: isObject(json) ? Object.keys(json).slice(0, 12) : undefined,
    bodyShape: answered ? bodyShapeOf(json) : undefined,
    epoch: context.epoch ?? 0,
  };
  const answer: Answer = { ...partial, verdict: verdictOf(partial) };
  if (response) {
    // The raw body is not kept: the excerpt (redacted, cut) stands for it from now on.
    response.text = answer.body.excerpt;
    delete response.json;
  }
  return answer;
}

function singleWithIdentifier(model: SpecModel, operation: OperationModel): boolean {
  const single = singleKind(operation);
  return single !== undefined && model.records[single]?.identifier !== undefined;
}

/** An answer that accepted a conforming request made with the configured key. */
export const acceptedConforming = (answer: Answer): boolean =>
  answer.verdict === 'accepted' && answer.case?.auth === 'valid' && answer.case.expect !== 'refusal';

/** The message the source documentation ties to the condition `answer`'s case provokes, where it names one. */
export const documentedMessageOf = (answer: Answer): ErrorMessageModel | undefined =>
  answer.case?.message === undefined
    ? undefined
    : answer.operation.errorMessages.find((entry) => entry.code === answer.case!.message);

/** The answer is the error outcome with exactly `documented`'s message. */
export const carriesMessage = (answer: Answer, documented: ErrorMessageModel): boolean =>
  answer.outcome === 'error' && answer.message === documented.msg;

/**
 * An answer taken while the run writes (its write round trip, its command sequences): the data may change between
 * it and any other answer, so checks that compare answers leave it to the write checks and the state model.
 */
export const whileWriting = (answer: Answer): boolean => answer.case?.family === 'write' || ofSequence(answer);

/** An answer of the state model's command sequences (their walks, writes and looks): the model judges it. */
export const ofSequence = (answer: Answer): boolean => answer.case?.family === 'sequence';

/**
 * A write of the command sequences with a valid key: every value it sends is one the documentation allows (enum
 * values, free text), whatever outcome it may get, so it follows the spec as a round trip's write does.
 */
export const sequenceWrite = (answer: Answer): boolean =>
  ofSequence(answer) && answer.operation.effect !== 'read' && answer.case?.auth === 'valid' && !answer.case.rule;
