// Whether a check can judge anything of an API, read from its spec model
// alone: a sort check has nothing to judge where no operation sorts, a write
// check nothing where no record can be written. A check that cannot apply is
// left out of that API's run (not counted as skipped), and an API that none
// of the chosen checks applies to is left out of the run.
import { listedKind, type ParameterRole, singleKind, type SpecModel } from '@tallyport/spec-model/query';

/** Some operation takes a parameter with this role (`sort-key`, `page-size`, `search`, `range-start`). */
export const anyParameterWithRole =
  (role: ParameterRole) =>
  (model: SpecModel): boolean =>
    model.operations.some((operation) => operation.parameters.some((parameter) => parameter.role === role));

export const anyDefault = (model: SpecModel): boolean =>
  model.operations.some((operation) => operation.parameters.some((parameter) => parameter.hasDefault));

/** Bodies state an outcome, or operations document their error messages. */
export const anyOutcome = (model: SpecModel): boolean =>
  model.outcome !== undefined || model.operations.some((operation) => operation.errorMessages.length > 0);

/** Some operation answers what the key selects (`x-tallyport-scope: key`). */
export const anyScopedByKey = (model: SpecModel): boolean =>
  model.operations.some((operation) => operation.scope === 'key');

/**
 * A link from a read that names one record to a read that names one record too (a purchase's item): what
 * linked_records_agree judges. A link to a list (a website looked for by its domain, its statistics) leads to a list
 * answer, which the model of the state judges.
 */
export const anyLinkToOneRecord = (model: SpecModel): boolean =>
  model.operations.some(
    (operation) =>
      operation.effect === 'read' &&
      listedKind(operation) === undefined &&
      singleKind(operation) !== undefined &&
      operation.links.some((link) => {
        const target = model.operations.find((candidate) => candidate.id === link.operationId);
        return target?.effect === 'read' && listedKind(target) === undefined;
      }),
  );
