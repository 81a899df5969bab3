// The operations of the bundled specs, read from the spec model.
import {
  declaredResponseKeys,
  type OperationModel,
  operationById,
  type ResponseModel,
  responseFor,
  valueAt,
} from '@tallyport/spec-model/query';
import { type ApiName, specModels } from '../specs.js';

export { declaredResponseKeys, responseFor };
export type OperationSpec = OperationModel;
export type ResponseSpec = ResponseModel;
export type { HttpMethod } from '@tallyport/spec-model/query';

export function operation(api: ApiName, operationId: string): OperationModel {
  return operationById(specModels[api], operationId);
}

/** Reads a value of the bundled spec by JSON pointer (enums, examples). */
export function specValue<T>(api: ApiName, pointer: string): T {
  return valueAt(specModels[api].document, pointer) as T;
}
