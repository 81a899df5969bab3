// `--api analytics|marketplace|all`, shared by tallyport-contract and
// tallyport-mock; the API names come from the specs.
import { API_NAMES, type ApiName, isApiName } from '@tallyport/spec-model/query';
import { didYouMean } from './nearest.js';

export class ApiSelectionError extends Error {
  override name = 'ApiSelectionError';
}

export function parseApiSelection(value: string | undefined): ApiName[] {
  if (value === undefined || value === 'all') return [...API_NAMES];
  if (isApiName(value)) return [value];
  const names = [...API_NAMES, 'all'];
  throw new ApiSelectionError(`--api must be ${names.join(', ')}${didYouMean(value, names)}`);
}
