// createMarketplaceClient: resource methods over the Marketplace API. Its
// error body `{status: "错误", msg}` is an error whatever the HTTP status,
// with a stable code for each message the spec lists.
import type { Redactor } from '@tallyport/redaction';
import type { Account, Item, Purchase } from '@tallyport/types';
import { CHECK_SETUP, detailsOf, keptValue, redactedJson, unreadable } from './answer-errors.js';
import { type APIErrorDetails, MarketplaceAPIError, type MarketplaceErrorCode } from './errors.js';
import { marketplaceOperations as ops, marketplaceOutcome, marketplaceRecords } from './generated/marketplace.js';
import type { PerRequestOptions } from './http.js';
import { checkPerRequest, refuse } from './option-checks.js';
import { commonPathPrefix } from './environment.js';
import { type CallInit, type ClientOptions, wireClient } from './options.js';
import { requireIdentifier, requireIdentifiers } from './records.js';
import { type ApiKeyTransport, placeKey } from './transport.js';
import { locate } from './unwrap.js';
import { validate } from './validation.js';

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

const CODES = new Map<string, MarketplaceErrorCode>(
  Object.values(ops).flatMap((op) => op.errorMessages.map((m) => [m.msg, m.code] as const)),
);

/** The stable code of a known marketplace message, `unknown` for any other. */
export function marketplaceErrorCode(msg: string): MarketplaceErrorCode {
  return CODES.get(msg) ?? 'unknown';
}

/** Longest `msg` an error keeps. */
const MSG_KEPT = 1000;
const ITEM = marketplaceRecords.item.identifier;

type Payload = Readonly<Record<string, unknown>>;
const isPayload = (body: unknown): body is Payload => typeof body === 'object' && body !== null && !Array.isArray(body);
const outcomeOf = (body: unknown): unknown => (isPayload(body) ? body[OUTCOME_FIELD] : undefined);
const isFailureBody = (body: unknown): body is Payload => outcomeOf(body) === FAILURE;

/** `body` is the answer as received; its message is matched first, then redacted and cut. */
function failure(body: Payload, details: APIErrorDetails, redactor: Redactor): MarketplaceAPIError {
  const said = body[MESSAGE_FIELD];
  const code = marketplaceErrorCode(typeof said === 'string' ? said : '');
  const msg = typeof said === 'string' ? redactor.truncate(said, MSG_KEPT) : '';
  const status = details.status === undefined ? '' : ` (HTTP ${details.status})`;
  return new MarketplaceAPIError(
    `Marketplace error from ${details.method} ${details.url}${status}: ${msg || 'no message'} [${code}]`,
    details,
    msg,
    code,
  );
}

function operationFor(method: string, pathname: string): (typeof ops)[OperationId] | undefined {
  return Object.values(ops).find((op) => op.method === method && pathname.endsWith(op.path));
}

function checkTransport(transport: unknown): void {
  if (transport === undefined || transport === 'spec' || transport === 'query' || transport === 'form') return;
  const header = transport && typeof transport === 'object' ? (transport as { header?: unknown }).header : undefined;
  if (typeof header === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(header)) return;
  refuse('createMarketplaceClient', 'apiKeyTransport', transport, "'spec', 'query', 'form' or { header: '<name>' }");
}

export function createMarketplaceClient(options: MarketplaceClientOptions = {}): MarketplaceClient {
  checkTransport(options?.apiKeyTransport);
  const transport = options.apiKeyTransport ?? 'spec';
  const { call, bind } = wireClient(
    'MARKETPLACE',
    options,
    (parts, apiKey) => {
      const op =
        (parts.operation && ops[parts.operation as OperationId]) ||
        operationFor(parts.method, new URL(parts.url).pathname);
      placeKey(parts, transport, op?.apiKey ?? { in: 'query', name: 'api_key' }, apiKey);
    },
    {
      classifyErrorBody: (body, details, redactor) =>
        isFailureBody(body) ? failure(body, details, redactor) : undefined,
      ownOptions: ['apiKeyTransport'],
      pathPrefix: commonPathPrefix(Object.values(ops).map((op) => op.path)),
      ...(typeof transport === 'object' ? { secretNames: [transport.header] } : {}),
    },
  );

  /** The record (or records) of a success payload, where the spec puts them; a failure or an unknown outcome throws. */
  async function request(operation: string, operationId: OperationId, init: CallInit, options?: RequestOptions) {
    checkPerRequest(operation, options);
    const op = ops[operationId];
    // Validation only reads a purchase, so repeating it is safe: it is retried like a GET.
    const outcome = await call(operationId, op, init, { ...options, idempotent: true });
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
    const found = locate(payload, op.records);
    if (found === undefined) {
      const where = op.records.map((record) => record.pointer).join(' or ');
      throw unreadable(outcome, payload, `the success payload has nothing at ${where}. ${CHECK_SETUP}`);
    }
    return found;
  }

  return bind({
    account: {
      details: async (options) => (await request('account.details', 'getAccountDetails', {}, options)) as Account,
    },
    items: {
      list: async (options) =>
        requireIdentifiers<Item>(
          'items.list',
          'item',
          ITEM,
          (await request('items.list', 'listItems', {}, options)) as unknown[],
        ),
      get: async (itemId, options) => {
        const query = validate<CallInit['query']>('items.get', ops.getItem, 'query', { item_id: itemId });
        return requireIdentifier<Item>(
          'items.get',
          'item',
          ITEM,
          await request('items.get', 'getItem', { query }, options),
        );
      },
    },
    purchases: {
      validate: async (purchaseCode, options) => {
        const body = validate('purchases.validate', ops.validatePurchase, 'body', { purchase_code: purchaseCode });
        return (await request('purchases.validate', 'validatePurchase', { body }, options)) as Purchase;
      },
    },
  });
}
