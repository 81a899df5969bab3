// The fetch behind each client's `raw` (openapi-fetch): the same pipeline as
// the resource methods, with the per-request options openapi-fetch copies
// onto the Request it builds (`timeout`, `maxRetries`, `maxResponseBytes`),
// checked like any other option.
import type { Http, SendOptions } from './http.js';
import { checkRequestOptions } from './option-checks.js';

export function rawFetch(http: Http): (request: Request) => Promise<Response> {
  return (request) => {
    const extra = request as unknown as Record<string, unknown>;
    const options: SendOptions = {};
    if (extra.timeout !== undefined || extra.maxRetries !== undefined || extra.maxResponseBytes !== undefined) {
      checkRequestOptions(`raw ${request.method}`, extra);
      if (extra.timeout !== undefined) options.timeout = extra.timeout as number;
      if (extra.maxRetries !== undefined) options.maxRetries = extra.maxRetries as number;
      if (extra.maxResponseBytes !== undefined) options.maxResponseBytes = extra.maxResponseBytes as number;
    }
    return http.send(request, options);
  };
}
