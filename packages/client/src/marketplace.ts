// createMarketplaceClient: resource methods over the Marketplace API, each a
// line of the method table at the end. Its error body `{status: "错误", msg}`
// is an error whatever the HTTP status, with a stable code for each message
// the spec lists.
import type { Redactor } from '@tallyport/redaction';
import { isObject } from '@tallyport/spec-model/query';
import type { Account, Item, Purchase } from '@tallyport/types';
import { CHECK_SETUP, answerError, detailsOf, keptValue, redactedJson, unreadable } from './answer-errors.js';
import { type APIErrorDetails, MarketplaceAPIError, type MarketplaceErrorCode } from './errors.js';
import {
  marketplaceErrorCodes as CODES,
  marketplacePathPrefix,
  marketplaceOperations as ops,
  marketplaceOutcome,
} from './generated/marketplace.js';
import type { PerRequestOptions } from './http.js';
import { type ClientOptions, wireClient } from './options.js';
import { checkedRecords } from './records.js';
import { methods, prepare } from './resource.js';
import { type ApiKeyTransport, placeKey } from './transport.js';
import { locate } from './unwrap.js';

export interface MarketplaceClientOptions extends ClientOptions {
  /** Where `api_key` travels. Default 'spec': query string for GET, form body for POST. */
  apiKeyTransport?: ApiKeyTransport;
}

export type RequestOptions = PerRequestOptions;

export interface MarketplaceClient {
  account: {
    /** The account that owns the key. */
    details(options?: RequestOptions): Promise<Account>;
  };
  items: {
    /** Every item linked to the key. */
    list(options?: RequestOptions): Promise<Item[]>;
    get(itemId: number, options?: RequestOptions): Promise<Item>;
  };
  purchases: {
    /**
     * The purchase behind a valid code; an invalid code throws MarketplaceAPIError
     * with code `invalid_purchase_code`.
     */
    validate(purchaseCode: string, options?: RequestOptions): Promise<Purchase>;
  };
}

type OperationId = keyof typeof ops;

const { field: OUTCOME_FIELD, success: SUCCESS, error: FAILURE, messageField: MESSAGE_FIELD } = marketplaceOutcome;

/** The stable code of a known marketplace message, `unknown` for any other. */
export function marketplaceErrorCode(msg: string): MarketplaceErrorCode {
  return Object.hasOwn(CODES, msg) ? CODES[msg as keyof typeof CODES] : 'unknown';
}

/** Longest `msg` an error keeps. */
const MSG_KEPT = 1000;

type Payload = Readonly<Record<string, unknown>>;
const outcomeOf = (body: unknown): unknown => (isObject(body) ? body[OUTCOME_FIELD] : undefined);
const isFailureBody = (body: unknown): body is Payload => outcomeOf(body) === FAILURE;

/** `body` is the answer as received; its message is matched first, then redacted and cut. */
function failure(body: Payload, details: APIErrorDetails, redactor: Redactor) {
  const said = body[MESSAGE_FIELD];
  const code = marketplaceErrorCode(typeof said === 'string' ? said : '');
  const msg = typeof said === 'string' ? redactor.truncate(said, MSG_KEPT) : '';
  return answerError(details, `${msg || 'no message'} [${code}]`, MarketplaceAPIError, { msg, code });
}

/** A header name as HTTP allows it (RFC 9110 tokens). */
const isHeaderName = (name: unknown) => typeof name === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name);

export function createMarketplaceClient(options: MarketplaceClientOptions = {}): MarketplaceClient {
  const transport = options?.apiKeyTransport ?? 'spec';
  const { call, bind } = wireClient(
    'Marketplace',
    options,
    (parts, apiKey) => {
      // Path-level calls (rawClient) name their operation too; one the spec does not list takes the query.
      const spec = ops[parts.operation as OperationId]?.apiKey ?? { in: 'query', name: 'api_key' };
      placeKey(parts, transport, spec, apiKey);
    },
    {
      classifyErrorBody: (body, details, redactor) =>
        isFailureBody(body) ? failure(body, details, redactor) : undefined,
      ownOptions: {
        apiKeyTransport: [
          (v) => ['spec', 'query', 'form'].includes(v as string) || isHeaderName((v as { header?: unknown })?.header),
          "'spec', 'query', 'form' or { header: '<name>' }",
        ],
      },
      pathPrefix: marketplacePathPrefix,
      ...(typeof transport === 'object' ? { secretNames: [transport.header] } : {}),
    },
  );

  /** The record (or records) of a success payload, where the spec puts them; a failure or an unknown outcome throws. */
  async function request(label: string, id: OperationId, args: unknown[]) {
    const op = ops[id];
    const { init, options } = prepare(label, op, args);
    // Validation only reads a purchase, so repeating it is safe: it is retried like a GET.
    const outcome = await call(id, op, init, { ...(options as PerRequestOptions), idempotent: true });
    const { payload, redactor } = outcome;
    // The same details as an error status gives: the URL as sent (the key
    // placed, then redacted), the answer's headers, a few kB of the body.
    if (isFailureBody(payload)) throw failure(payload, detailsOf(outcome, keptValue(redactor, payload)), redactor);
    const status = outcomeOf(payload);
    if (status !== SUCCESS) {
      const said =
        status === undefined ? `no ${OUTCOME_FIELD}` : redactor.truncate(redactedJson(redactor, status), 200);
      throw unreadable(
        outcome,
        payload,
        `expected ${OUTCOME_FIELD} "${SUCCESS}" or "${FAILURE}", got ${said}. ${CHECK_SETUP}`,
      );
    }
    return checkedRecords(label, op, outcome, locate(payload, op), CHECK_SETUP);
  }

  return bind(
    {
      account: methods<OperationId>('account', { details: [request, 'getAccountDetails'] }),
      items: methods<OperationId>('items', { list: [request, 'listItems'], get: [request, 'getItem'] }),
      purchases: methods<OperationId>('purchases', { validate: [request, 'validatePurchase'] }),
    } as unknown as MarketplaceClient,
    ops,
  );
}
