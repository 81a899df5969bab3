// `--api analytics|marketplace|all`, shared by tallyport-contract and
// tallyport-mock; the API names come from the specs.
import { API_NAMES, type ApiName, isApiName } from '@tallyport/spec-model/query';

export class ApiSelectionError extends Error {
  override name = 'ApiSelectionError';
}

export function parseApiSelection(value: string | undefined): ApiName[] {
  if (value === undefined || value === 'all') return [...API_NAMES];
  if (isApiName(value)) return [value];
  throw new ApiSelectionError(`--api must be ${[...API_NAMES, 'all'].join(', ')}`);
}
