// An answer's body read against the schema its status declares, with the
// basis of what fails. Where a response schema carries
// `x-tallyport-convention` (a payload shape the source documentation does
// not show), a departure from it is only a convention; the records found in
// such a payload are then read against their own record schema, and what
// fails there is specified unless that record schema is a convention too
// (a statistic row must have a count and a value; the types of a website's
// returned fields are a convention).
import { type OperationModel, type ResponseModel, responseFor, type SpecModel } from '@tallyport/spec-model/query';
import type { Basis } from '../spec/basis.js';
import { validateAgainst } from '../spec/validator.js';
import type { ApiName } from '../spec/models.js';
import type { FoundRecords } from './records.js';

export interface SchemaReading {
  /** The declared response the body was read against (`2XX`, `4XX`), when one declares a schema. */
  key?: string;
  pointer?: string;
  valid: boolean;
  /** Why not: specified when a fact of the source documentation fails, else convention. */
  basis?: Basis;
  /** `$.path: reason` lines: the specified problems when there are any, else all of them. */
  problems: string[];
  /** What the convention that failed says, when the basis is convention. */
  convention?: string;
}

const SHOWN_ROW_PROBLEMS = 6;

function recordProblems(api: ApiName, model: SpecModel, records: FoundRecords | undefined) {
  const record = records ? model.records[records.kind] : undefined;
  if (!records || !record) return { specified: [] as string[], convention: [] as string[] };
  const problems: string[] = [];
  records.rows.forEach((row, index) => {
    if (problems.length >= SHOWN_ROW_PROBLEMS) return;
    const verdict = validateAgainst(api, record.schemaPointer, row);
    const at = records.many ? `${records.where}[${index}]` : records.where;
    for (const problem of verdict.problems) problems.push(problem.replace(/^\$/, at));
  });
  return record.convention ? { specified: [], convention: problems } : { specified: problems, convention: [] };
}

/** Reads `json` against `declared` (the response that answers the status, or the refusal response). */
export function readSchema(
  api: ApiName,
  model: SpecModel,
  declared: ResponseModel | undefined,
  json: unknown,
  records: FoundRecords | undefined,
): SchemaReading {
  if (!declared?.schemaPointer) return { valid: true, problems: [] };
  const where = { key: declared.key, pointer: declared.schemaPointer };
  const verdict = validateAgainst(api, declared.schemaPointer, json);
  if (verdict.valid) return { ...where, valid: true, problems: [] };
  if (!declared.convention) return { ...where, valid: false, basis: 'specified', problems: verdict.problems };
  const inRecords = recordProblems(api, model, records);
  if (inRecords.specified.length > 0)
    return { ...where, valid: false, basis: 'specified', problems: inRecords.specified };
  const record = records ? model.records[records.kind] : undefined;
  return {
    ...where,
    valid: false,
    basis: 'convention',
    problems: verdict.problems,
    convention: inRecords.convention.length > 0 && record?.convention ? record.convention : declared.convention,
  };
}

/** The declared response for an answer's status, or the refusal response for a refusal that came with a 2XX. */
export function declaredFor(operation: OperationModel, status: number, refusalIn2xx: boolean) {
  return (refusalIn2xx ? responseFor(operation, 400) : undefined) ?? responseFor(operation, status);
}
