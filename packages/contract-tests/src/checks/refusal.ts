// What "refused" means on each API: analytics answers with a non-2XX status;
// the marketplace may answer errors with any status, so there it is a body
// whose status is not `成功`.
import type { Exchange } from '../http/transport.js';
import { is2xx } from '../http/transport.js';
import { MARKETPLACE_OUTCOME, marketplaceStatus } from '../payload.js';
import type { ApiName } from '../specs.js';

export const SUCCESS_STATUS = MARKETPLACE_OUTCOME.success;
export const ERROR_STATUS = MARKETPLACE_OUTCOME.error;

export function wasRefused(api: ApiName, exchange: Exchange): boolean {
  const response = exchange.response;
  if (!response) return false;
  if (api === 'analytics') return !is2xx(exchange);
  return marketplaceStatus(response.json) !== SUCCESS_STATUS;
}

export function refusalRule(api: ApiName): string {
  return api === 'analytics' ? 'refused (not 2XX)' : `refused (status not ${SUCCESS_STATUS}, whatever the HTTP code)`;
}
