// The resource methods of both clients, from one description. A method is a
// line in a table: its name, what it answers with, and its operation; the
// operation's generated facts say which arguments it takes, in the order path,
// query, body. A location with a single parameter takes it bare (an id, an item
// id, a purchase code), any other an object of parameters, and the per-request
// options come last. Everything is checked before anything is sent: the
// options first, then each argument against the spec.
import type { PerRequestOptions } from './http.js';
import { REQUEST_RULES, checkOptions } from './option-checks.js';
import type { CallInit } from './options.js';
import { assertPathIds } from './records.js';
import { type OperationFacts, assertRange, validate } from './validation.js';
import type { Rules } from './option-checks.js';

type Query = Readonly<Record<string, unknown>>;

/** A method's request, checked, and its per-request options (`extra` names the options a method adds). */
export function prepare(
  label: string,
  op: OperationFacts,
  args: readonly unknown[],
  extra?: Rules,
): { init: CallInit & Record<string, Query>; options: (PerRequestOptions & Record<string, unknown>) | undefined } {
  // The generated facts list the locations in the order of the arguments.
  const used = Object.keys(op.facts);
  const options = args[used.length] as (PerRequestOptions & Record<string, unknown>) | undefined;
  checkOptions(label, options, extra ? { ...REQUEST_RULES, ...extra } : REQUEST_RULES);
  const init: Record<string, Query> = {};
  used.forEach((where, index) => {
    const facts = op.facts[where]!;
    const names = Object.keys(facts);
    let input = args[index];
    if (names.length === 1) input = { [names[0]!]: input };
    // A query of optional parameters only (a list's filters) may be left out.
    else if (input === undefined && where === 'query' && !names.some((name) => facts[name]!.required)) input = {};
    init[where] = validate(label, op, where, input);
  });
  assertPathIds(label, init.path);
  if (op.range) assertRange(label, op.range, Object.assign({}, ...Object.values(init)));
  return { init, options };
}

/** How a method answers: from its label (`websites.get`), its operation id and the arguments it was called with. */
export type Answer<Id> = (label: string, operationId: Id, args: unknown[]) => unknown;

/** The methods of one group (`websites`), each named `group.method` in errors. */
export function methods<Id>(group: string, table: Record<string, readonly [Answer<Id>, Id]>) {
  return Object.fromEntries(
    Object.entries(table).map(([name, [answer, id]]) => [
      name,
      (...args: unknown[]) => answer(`${group}.${name}`, id, args),
    ]),
  );
}
