// The documented rules of each write, read from the spec model alone: what a
// create stores (every field it sends, and the documented default of each
// field it does not send), what an update stores (exactly the fields it
// sends: no defaults, and nothing else changes), what a delete does (the
// record is gone) and which fields no write changes once a record exists
// (those a create takes and no update does: the domain). The stateful mock
// serves these rules and the contract tester's model of a deployment holds
// the deployment to them, so the two cannot drift apart.
import type { Json, OperationModel, ParameterModel } from './types.js';

/** A value a write stores in one field: sent by the request, or the documented default of a field left out. */
export interface WrittenValue {
  value: string | Json;
  source: 'sent' | 'default';
}

/** The body fields a write may set: its body parameters but the credential and those the spec forbids. */
export function writableFields(operation: Pick<OperationModel, 'parameters'>): ParameterModel[] {
  return operation.parameters.filter(
    (parameter) => parameter.in === 'body' && parameter.role !== 'credential' && !parameter.forbidden,
  );
}

/** What a create stores: each field sent as it was sent, each other writable field with a default at its default. */
export function createdFields(
  operation: Pick<OperationModel, 'parameters'>,
  sent: Readonly<Record<string, string>>,
): Record<string, WrittenValue> {
  const stored = updatedFields(operation, sent);
  for (const field of writableFields(operation))
    if (!(field.name in stored) && field.hasDefault && field.default !== undefined)
      stored[field.name] = { value: field.default, source: 'default' };
  return stored;
}

/** What an update stores: exactly the writable fields it sends; a field not sent is not changed. */
export function updatedFields(
  operation: Pick<OperationModel, 'parameters'>,
  sent: Readonly<Record<string, string>>,
): Record<string, WrittenValue> {
  const stored: Record<string, WrittenValue> = {};
  for (const field of writableFields(operation)) {
    const value = sent[field.name];
    if (value !== undefined) stored[field.name] = { value, source: 'sent' };
  }
  return stored;
}

/**
 * The fields a create sets that no update may change (the spec forbids them on update, or the update does not
 * take them at all): once a record exists, they keep the value it was created with.
 */
export function fixedFields(
  create: Pick<OperationModel, 'parameters'>,
  update: Pick<OperationModel, 'parameters'> | undefined,
): string[] {
  const changeable = new Set(update ? writableFields(update).map((field) => field.name) : []);
  return writableFields(create)
    .map((field) => field.name)
    .filter((name) => !changeable.has(name));
}
