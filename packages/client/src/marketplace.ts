// createMarketplaceClient: resource methods over the Marketplace API. Its
// error body `{status: "错误", msg}` is an error whatever the HTTP status,
// with a stable code for each message the spec lists.
import createClient, { type Client } from 'openapi-fetch';
import type { Account, Item, MarketplacePaths, Purchase } from '@tallyport/types';
import { type APIErrorDetails, MarketplaceAPIError, UnexpectedResponseError } from './errors.js';
import { formBody } from './form.js';
import {
  getItemQuerySchema,
  marketplaceOperations as ops,
  marketplaceOutcome,
  validatePurchaseBodySchema,
} from './generated/marketplace.js';
import type { PerRequestOptions } from './http.js';
import { buildUrl, lowerCaseHeaders } from './url.js';
import { type ClientOptions, wireClient } from './options.js';
import type { ResponseValidator } from './response-check.js';
import { type ApiKeyTransport, placeKey, resolvePlacement } from './transport.js';
import { validate } from './validation.js';

export interface MarketplaceClientOptions extends ClientOptions {
  /** Where `api_key` travels. Default 'spec': query string for GET, form body for POST. */
  apiKeyTransport?: ApiKeyTransport;
  /** Check every successful payload against the spec (see `@tallyport/client/response-validation`). */
  validateResponses?: ResponseValidator;
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
  /**
   * The typed openapi-fetch client (the key is attached, retries, timeouts and
   * error classes included; non-2XX throws).
   */
  raw: Client<MarketplacePaths>;
}

type OperationId = keyof typeof ops;

const { field: OUTCOME_FIELD, success: SUCCESS, error: FAILURE, messageField: MESSAGE_FIELD } = marketplaceOutcome;

const CODES = new Map<string, string>(
  Object.values(ops).flatMap((op) => op.errorMessages.map((m) => [m.msg, m.code] as [string, string])),
);

/** The stable code of a known marketplace message, `unknown` for any other. */
export function marketplaceErrorCode(msg: string): string {
  return CODES.get(msg) ?? 'unknown';
}

type Payload = Readonly<Record<string, unknown>>;
const isPayload = (body: unknown): body is Payload => typeof body === 'object' && body !== null && !Array.isArray(body);
const outcomeOf = (body: unknown): unknown => (isPayload(body) ? body[OUTCOME_FIELD] : undefined);
const isFailureBody = (body: unknown): body is Payload => outcomeOf(body) === FAILURE;

function failure(body: Payload, details: APIErrorDetails): MarketplaceAPIError {
  const said = body[MESSAGE_FIELD];
  const msg = typeof said === 'string' ? said : '';
  const code = marketplaceErrorCode(msg);
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

export function createMarketplaceClient(options: MarketplaceClientOptions = {}): MarketplaceClient {
  const transport = options.apiKeyTransport ?? 'spec';
  const { baseUrl, http, redactor } = wireClient(
    'MARKETPLACE',
    options,
    (parts, apiKey) => {
      const op =
        (parts.operation && ops[parts.operation as OperationId]) ||
        operationFor(parts.method, new URL(parts.url).pathname);
      placeKey(
        parts,
        resolvePlacement(transport, op?.apiKey ?? { in: 'query', name: 'api_key' }, parts.method),
        apiKey,
      );
    },
    {
      classifyErrorBody: (body, details) => (isFailureBody(body) ? failure(body, details) : undefined),
      ...(typeof transport === 'object' ? { sensitiveNames: [transport.header] } : {}),
    },
  );
  const check = options.validateResponses;
  const headers = lowerCaseHeaders({ ...options.defaultHeaders, accept: 'application/json' });
  const raw = createClient<MarketplacePaths>({
    baseUrl,
    headers,
    bodySerializer: formBody,
    fetch: (request: Request) => http.send(request),
  });

  async function request<K extends string>(
    operationId: OperationId,
    field: K,
    init: { query?: Record<string, unknown>; body?: unknown },
    options: RequestOptions | undefined,
  ): Promise<unknown> {
    const op = ops[operationId];
    const outcome = await http.execute(
      {
        method: op.method,
        url: buildUrl(baseUrl, op.path, init),
        headers: { ...headers },
        body: init.body === undefined ? undefined : formBody(init.body),
        operation: operationId,
      },
      // Validation only reads a purchase, so repeating it is safe: it is retried like a GET.
      { ...options, operation: operationId, idempotent: true },
    );
    const payload = outcome.payload;
    check?.(operationId, payload);
    const details = (): APIErrorDetails => ({
      status: outcome.status,
      method: op.method,
      url: redactor.url(baseUrl + op.path),
      body: redactor.value(payload),
      headers: {},
    });
    if (isFailureBody(payload)) throw failure(redactor.value(payload), details());
    const status = outcomeOf(payload);
    if (status !== SUCCESS) {
      throw new UnexpectedResponseError(
        `Expected ${OUTCOME_FIELD} "${SUCCESS}" or "${FAILURE}" from ${op.method} ${details().url}, ` +
          `got ${JSON.stringify(status) ?? `no ${OUTCOME_FIELD}`}. Check \`baseUrl\` and the API key.`,
        details(),
      );
    }
    return (payload as Record<K, unknown>)[field];
  }

  return {
    account: {
      async details(options) {
        return (await request('getAccountDetails', 'data', {}, options)) as Account;
      },
    },
    items: {
      async list(options) {
        return (await request('listItems', 'items', {}, options)) as Item[];
      },
      async get(itemId, options) {
        const query = validate('items.get', getItemQuerySchema, { item_id: itemId }, ops.getItem);
        return (await request('getItem', 'item', { query }, options)) as Item;
      },
    },
    purchases: {
      async validate(purchaseCode, options) {
        const body = validate(
          'purchases.validate',
          validatePurchaseBodySchema,
          { purchase_code: purchaseCode },
          ops.validatePurchase,
        );
        const data = (await request('validatePurchase', 'data', { body }, options)) as
          | { purchase?: Purchase }
          | undefined;
        if (!data?.purchase) {
          throw new UnexpectedResponseError(
            `purchases.validate: the success response has no data.purchase. Check \`baseUrl\`.`,
            {
              status: undefined,
              method: 'POST',
              url: redactor.url(baseUrl + ops.validatePurchase.path),
              body: undefined,
              headers: {},
            },
          );
        }
        return data.purchase;
      },
    },
    raw,
  };
}
