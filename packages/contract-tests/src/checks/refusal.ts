// What "refused" means on each API: analytics answers with a non-2XX status;
// the marketplace may answer errors with any status, so there it is a body
// whose status is not `成功`.
import type { Exchange } from '../http/transport.js';
import { marketplaceStatus } from '../payload.js';
import type { ApiName } from '../specs.js';

export const SUCCESS_STATUS = '成功';
export const ERROR_STATUS = '错误';

export function wasRefused(api: ApiName, exchange: Exchange): boolean {
  const response = exchange.response;
  if (!response) return false;
  if (api === 'analytics') return response.status < 200 || response.status > 299;
  return marketplaceStatus(response.json) !== SUCCESS_STATUS;
}

export function refusalRule(api: ApiName): string {
  return api === 'analytics' ? 'refused (not 2XX)' : `refused (status not ${SUCCESS_STATUS}, whatever the HTTP code)`;
}
