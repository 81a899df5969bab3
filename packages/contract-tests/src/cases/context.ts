// What case generation needs to know beyond the spec: which API and whether it
// is the embedded mock, the records the run may address, values only the
// deployment's owner knows (a valid purchase code), and what it may not do.
import type { OperationModel, ParameterModel, SpecModel } from '@tallyport/spec-model/query';
import type { TemplateValue } from '../spec/secrets.js';
import type { ApiName } from '../spec/models.js';

export interface CaseContext {
  api: ApiName;
  model: SpecModel;
  mock: boolean;
  /** An identifier of an existing record per record kind (`x-tallyport-identifies`), when one is known. */
  fixtures: Record<string, string | undefined>;
  /** An identifier no record has, per record kind. */
  unknownIds: Record<string, string | undefined>;
  /** Values a deployment recognises that the spec cannot know, by parameter name (a valid purchase code). */
  knownValues: Record<string, TemplateValue | undefined>;
  /** Whether a key whose account holds no records is configured. */
  hasKeyWithoutRecords: boolean;
}

/** The parameters a case sets itself (the credential travels with the case's auth mode). */
export const settable = (operation: OperationModel): ParameterModel[] =>
  operation.parameters.filter((parameter) => parameter.role !== 'credential' && !parameter.forbidden);

/** Parameters whose valid values only the deployment knows, named by an `unrecognised-value` trigger. */
export function ownerKnown(operation: OperationModel): Set<string> {
  return new Set(
    operation.errorMessages
      .filter((message) => message.trigger === 'unrecognised-value' && message.parameter)
      .map((message) => message.parameter!),
  );
}
