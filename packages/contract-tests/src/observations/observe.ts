// Where the source documentation is silent, the run reports what the
// deployment does instead of judging it: statuses, payload shapes and where
// records sit, error bodies, the id type, how documented quirks and fields
// an operation does not take are answered, how its search matches, and how
// it orders text. Everything here is read from the answers already
// recorded; no extra request is sent.
import { parameterWithRole } from '@tallyport/spec-model/query';
import { type Answer, ofSequence } from '../answers/answer.js';
import { FORBIDDEN_FIELD_RULE, NOT_A_KEY } from '../cases/types.js';
import { ordersFollowed } from '../checks/judging/compare.js';
import { relatedTo } from '../checks/filter-effect.js';
import { acceptedConforming, effectiveValue } from '../checks/judging/related.js';
import type { RecordedRun } from '../checks/judging/types.js';

const tally = (values: Array<string | number>): string => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  return [...counts.entries()]
    .sort()
    .map(([value, count]) => `${value} ×${count}`)
    .join(', ');
};

function operations(run: RecordedRun, done: readonly Answer[]): string[] {
  const lines: string[] = [];
  for (const operation of run.model.operations) {
    const own = done.filter((answer) => answer.operation.id === operation.id);
    const success = own.find((answer) => acceptedConforming(answer) && answer.case?.auth === 'valid');
    if (success) {
      const where = success.records?.discovered ? `; records under ${success.records.where}` : '';
      lines.push(`${operation.id} success payload: ${success.shape} (HTTP ${success.status})${where}`);
    }
    const statuses = own.map((answer) => answer.status!);
    if (statuses.length > 0) lines.push(`${operation.id} statuses seen: ${tally(statuses)}`);
  }
  return lines;
}

/** Which ways of matching every search answer is consistent with. */
function searchSemantics(run: RecordedRun, done: readonly Answer[]): string[] {
  const ways: Record<string, (value: string, text: string) => boolean> = {
    'substring, any case': (value, text) => value.toLowerCase().includes(text.toLowerCase()),
    'substring, exact case': (value, text) => value.includes(text),
    'prefix, any case': (value, text) => value.toLowerCase().startsWith(text.toLowerCase()),
    'shares a word': (value, text) => relatedTo(value, text),
  };
  const consistent = new Set(Object.keys(ways));
  let seen = 0;
  for (const answer of done) {
    const search = parameterWithRole(answer.operation, 'search');
    const sent = search ? answer.case?.values[search.name] : undefined;
    if (!search || typeof sent !== 'string' || !acceptedConforming(answer) || !answer.records?.many) continue;
    const fieldParameter = parameterWithRole(answer.operation, 'search-field');
    const field = fieldParameter ? effectiveValue(run, answer, fieldParameter) : undefined;
    const rows = answer.records.rows.filter((row) => field !== undefined && typeof row[field] === 'string');
    if (rows.length === 0) continue;
    seen++;
    for (const [name, matches] of Object.entries(ways))
      if (!rows.every((row) => matches(String(row[field!]), sent))) consistent.delete(name);
  }
  if (seen === 0) return [];
  const matching = consistent.size > 0 ? [...consistent].join('; ') : 'none of substring, prefix or word matching';
  return [`search: ${seen} answers with rows, consistent with ${matching}`];
}

/** Which text orders every sorted answer with text keys follows. */
function collation(run: RecordedRun, done: readonly Answer[]): string[] {
  let common: Set<string> | undefined;
  for (const answer of done) {
    const key = parameterWithRole(answer.operation, 'sort-key');
    const direction = parameterWithRole(answer.operation, 'sort-direction');
    const field = key ? effectiveValue(run, answer, key) : undefined;
    const way = direction ? effectiveValue(run, answer, direction) : undefined;
    if (!field || (way !== 'asc' && way !== 'desc') || !acceptedConforming(answer) || !answer.records?.many) continue;
    const values = answer.records.rows.map((row) => row[field]);
    if (values.length < 2 || !values.some((value) => typeof value === 'string' && !/^-?\d+(\.\d+)?$/.test(value)))
      continue;
    const followed = new Set(ordersFollowed(values, way));
    common = common ? new Set([...common].filter((name) => followed.has(name))) : followed;
  }
  if (!common) return [];
  return [`text order: consistent with ${common.size > 0 ? [...common].join('; ') : 'no single common collation'}`];
}

function fieldsNotTaken(done: readonly Answer[]): string[] {
  const sent = done.filter((answer) => answer.case?.rule === FORBIDDEN_FIELD_RULE && answer.answered);
  const what = {
    refused: 'refused',
    accepted: 'accepted, and not applied unless a failure says so',
    inconclusive: 'no verdict',
  };
  return sent.map(
    (answer) =>
      `${answer.case!.varied} sent to ${answer.operation.id}: ${what[answer.verdict]} (HTTP ${answer.status})`,
  );
}

export function observe(run: RecordedRun): string[] {
  const done = run.answers.filter((answer) => answer.answered);
  const lines = operations(run, done);
  for (const quirk of done.filter((answer) => answer.case?.expect === 'any' && !ofSequence(answer)))
    lines.push(`${quirk.case!.title}: HTTP ${quirk.status}, ${quirk.verdict} (observed, not judged)`);
  for (const [kind, record] of Object.entries(run.model.records)) {
    if (!record.identifier) continue;
    const ids = done.flatMap((answer) =>
      answer.records?.kind === kind ? answer.records.rows.map((row) => row[record.identifier!]) : [],
    );
    const present = ids.filter((id) => id !== undefined);
    if (present.length > 0) lines.push(`${kind} id type: ${tally(present.map((id) => typeof id))}`);
  }
  const keyless = done.filter((answer) => answer.case !== undefined && NOT_A_KEY.has(answer.case.auth));
  if (keyless.length > 0)
    lines.push(`answers to a missing or wrong key: ${tally(keyless.map((answer) => `HTTP ${answer.status}`))}`);
  const refused = done.filter((answer) => answer.verdict === 'refused');
  const inBody = refused.filter((answer) => answer.status! >= 200 && answer.status! < 300);
  if (inBody.length > 0)
    lines.push(`refusals with a 2XX status: ${tally(inBody.map((answer) => `HTTP ${answer.status}`))}`);
  const shapes = refused.flatMap((answer) => (answer.keys ? [`{${answer.keys.join(', ')}}`] : []));
  if (shapes.length > 0) lines.push(`error body shapes: ${tally(shapes)}`);
  lines.push(...fieldsNotTaken(done));
  // The mock answers its examples whatever is asked: its searches and orders say nothing.
  if (!run.mock) lines.push(...searchSemantics(run, done), ...collation(run, done));
  return lines;
}
