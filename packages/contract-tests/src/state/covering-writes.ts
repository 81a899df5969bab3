// The covering sequence: the writes a default run makes before its random
// sequences, planned as the reads are (a covering array, seeded), so that
// the values that show a fault are sent in every run, not in half of them.
// From the spec model alone, on create and on update: every value of every
// enumerated field (on update, each as a change from another current value,
// and one update that leaves out what another field's value makes apply: a
// record protected by a password, updated without it); a list of several
// entries replaced by another and emptied; on every text field, the domain
// included, text over 100 and over 255 characters, text outside ASCII and
// characters a query language or a template reads, one at a time (a
// deployment may refuse such a value by a rule of its own, and a refusal
// must not hide another value's fate); several creates in a row; and, after
// a record that is not the newest is deleted, a walk of the list at every
// page size.
import {
  type ParameterModel,
  parameterWithRole,
  recordOperations,
  type SpecModel,
  writableFields,
  writableKind,
} from '@tallyport/spec-model/query';
import { covering } from '../cases/covering.js';
import { exampleValues, validValues } from '../cases/values.js';
import type { Values } from '../spec/secrets.js';
import { type Command, OUTSIDE_ASCII_TEXT, SPECIAL_TEXT } from './commands.js';

/** Text of `length` characters, distinct for each field and use (a deployment that cuts it shows where). */
const longText = (length: number, tag: string): string =>
  `long-${tag}-${'abcdefghij'.repeat(Math.ceil(length / 10))}`.slice(0, length);

/** The text values that tell a deployment's handling of text apart, by what they try. */
export function riskyTexts(tag: string): Array<{ name: string; value: string }> {
  return [
    { name: 'over 100 characters', value: longText(120, tag) },
    { name: 'over 255 characters', value: longText(300, tag) },
    { name: 'outside ASCII', value: OUTSIDE_ASCII_TEXT },
    { name: 'query syntax', value: SPECIAL_TEXT },
  ];
}

/** A list of several entries, and another that shares none of them, from the field's examples. */
function lists(field: ParameterModel): { several: string; other: string } {
  const examples = exampleValues(field);
  if (examples.length === 0) return { several: 'tallyport-a,tallyport-b', other: 'tallyport-c' };
  return {
    several: examples.join(','),
    other: examples.at(-1)! === examples[0] ? `${examples[0]}-other` : examples.at(-1)!,
  };
}

/** The fields that apply under a value another field was just given (`x-tallyport-applies-when`), filled in. */
function withDependents(fields: readonly ParameterModel[], values: Values, tag: string): Values {
  const out = { ...values };
  for (const field of fields) {
    const when = field.appliesWhen;
    if (!when || out[field.name] !== undefined || out[when.field] !== String(when.value)) continue;
    out[field.name] = exampleValues(field)[0] ?? `tallyport-${tag}`;
  }
  return out;
}

/** The walks of every page size of the list, in the plain call's values. */
function walksAtEverySize(model: SpecModel, listValues: ReadonlyMap<string, Values>): Command[] {
  const kind = writableKind(model);
  const list = kind ? recordOperations(model, kind.name).list : undefined;
  const base = list ? listValues.get(list.id) : undefined;
  const size = list ? parameterWithRole(list, 'page-size') : undefined;
  if (!list || !base || !size) return [];
  return validValues(size).map((value) => ({
    kind: 'walk' as const,
    operationId: list.id,
    values: { ...base, [size.name]: value },
  }));
}

/**
 * The covering sequence for `seed`: the same shape for every seed (which values go together is seeded), empty where
 * the spec names no record the run may write.
 */
export function coveringSequence(model: SpecModel, seed: number, listValues: ReadonlyMap<string, Values>): Command[] {
  const kind = writableKind(model);
  const ops = kind ? recordOperations(model, kind.name) : {};
  if (!kind || !ops.create) return [];
  const createFields = writableFields(ops.create).filter((field) => field.name !== kind.label);
  const updateFields = ops.update ? writableFields(ops.update) : [];
  const enums = createFields.filter((field) => field.enum);
  const texts = createFields.filter((field) => !field.enum);
  const commands: Command[] = [];
  let records = 0;
  const create = (fields: Values, purpose?: string) => {
    commands.push({ kind: 'create', record: records, fields, outsideAscii: false, ...(purpose ? { purpose } : {}) });
    return records++;
  };
  // An update is looked at by a read and a search; the first of a record by a walk of the whole list too.
  const walked = new Set<number>();
  const update = (record: number, fields: Values) => {
    commands.push({ kind: 'update', record, fields, ...(walked.has(record) ? { light: true } : {}) });
    walked.add(record);
  };

  // Several creates in a row: the documented defaults, then every value of every enumerated field, each with lists
  // of several entries (its dependents filled in where a value makes them apply).
  create({});
  const sizes = enums.map((field) => validValues(field).length);
  const rows = covering(sizes, 1, seed).rows;
  const created: Array<{ record: number; values: Values }> = [];
  for (const row of rows) {
    const values: Values = {};
    enums.forEach((field, index) => {
      values[field.name] = validValues(field)[row[index]!]!;
    });
    for (const field of texts) if (!field.appliesWhen) values[field.name] = lists(field).several;
    const full = withDependents(createFields, values, `c${records}`);
    created.push({ record: create(full), values: full });
  }
  // A record that is neither the newest nor the oldest deleted (the one before it holds lists of entries, which a
  // delete that reaches its neighbour would show), then the list at every page size.
  if (ops.remove && created.length > 2) {
    commands.push({ kind: 'delete', record: created[1]!.record });
    created.splice(1, 1);
    commands.push(...walksAtEverySize(model, listValues));
  }
  commands.push({ kind: 'pause' });
  // A second later, records whose domain carries each risky text (the run label's middle part: the label keeps its
  // prefix and suffix, so cleanup still knows it); the updates that follow change older records, which an order by
  // the date created must not move.
  for (const risky of riskyTexts('domain')) create({}, risky.value);
  // Every value of every enumerated field as a change, round the fields in turn, so that the update after a value
  // that makes a field apply (privacy 2, a password) leaves that field out.
  const target = created[0];
  if (ops.update && target) {
    const current: Values = { ...target.values };
    const cycles = updateFields
      .filter((field) => field.enum)
      .map((field) => {
        const values = validValues(field);
        const at = values.indexOf(String(current[field.name] ?? field.default));
        return values.map((_, step) => ({ field, value: values[(at + 1 + step) % values.length]! }));
      });
    for (let step = 0; cycles.some((cycle) => step < cycle.length); step++)
      for (const cycle of cycles) {
        const change = cycle[step];
        if (!change || current[change.field.name] === change.value) continue;
        const fields = withDependents(updateFields, { [change.field.name]: change.value }, `u${step}`);
        update(target.record, fields);
        current[change.field.name] = change.value;
      }
  }
  // Text on update: a list replaced by another and emptied, then each risky text, one field at a time, on a record
  // whose values make every text field apply.
  const texted =
    created.find((entry) =>
      updateFields.every(
        (field) => !field.appliesWhen || entry.values[field.appliesWhen.field] === String(field.appliesWhen.value),
      ),
    ) ?? created.at(-1);
  if (ops.update && texted) {
    const textFields = updateFields.filter((field) => !field.enum);
    const lists2 = textFields.filter((field) => !field.appliesWhen);
    if (lists2.length > 0) {
      update(texted.record, Object.fromEntries(lists2.map((field) => [field.name, lists(field).other])));
      update(texted.record, Object.fromEntries(lists2.map((field) => [field.name, ''])));
    }
    for (const field of textFields)
      for (const risky of riskyTexts(`${field.name}-u`)) update(texted.record, { [field.name]: risky.value });
  }
  // Text on create, one risky value of one field at a time.
  for (const field of texts)
    for (const risky of riskyTexts(`${field.name}-c`))
      create(withDependents(createFields, { ...dependencyOf(field), [field.name]: risky.value }, `r${records}`));
  return commands;
}

/** The values under which a field applies (a password: privacy 2), so that writing it means something. */
function dependencyOf(field: ParameterModel): Values {
  const when = field.appliesWhen;
  return when ? { [when.field]: String(when.value) } : {};
}
