// Which records the traffic has shown to exist: every record an accepted
// answer holds (a list's rows, a read, a create's answer) or names through a
// link of the spec (a purchase's item), less those a delete the deployment
// took has removed since. A request addressing a record by an
// identifier the traffic never showed cannot be expected to succeed: the
// record may not exist (request-case.ts).
import type { SpecModel } from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import { followLink } from '../derived/links.js';
import type { TrafficKnowledge } from './request-case.js';

export class KnownRecords implements TrafficKnowledge {
  private readonly ids = new Map<string, Set<string>>();

  constructor(private readonly model: SpecModel) {}

  private add(kind: string, id: string): void {
    const known = this.ids.get(kind) ?? new Set<string>();
    this.ids.set(kind, known);
    known.add(id);
  }

  exists(kind: string, id: string): boolean {
    return this.ids.get(kind)?.has(id) ?? false;
  }

  learn(answer: Answer): void {
    if (answer.verdict !== 'accepted') return;
    const { operation, records } = answer;
    if (records) for (const id of answer.ids) this.add(records.kind, id);
    // A record another answer names (the item a purchase is of) is shown to exist by that answer.
    for (const link of operation.links) {
      const target = this.model.operations.find((candidate) => candidate.id === link.operationId);
      if (target?.effect !== 'read' || !/^2/.test(link.response)) continue;
      for (const followed of followLink(link, answer))
        for (const [name, value] of Object.entries(followed.values)) {
          const parameter = target.parameters.find((candidate) => candidate.name === name);
          if (parameter?.identifies && typeof value === 'string') this.add(parameter.identifies, value);
        }
    }
    if (operation.effect === 'delete' && answer.case?.auth === 'valid')
      for (const parameter of operation.parameters) {
        const id = answer.case.values[parameter.name];
        if (parameter.identifies && typeof id === 'string') this.ids.get(parameter.identifies)?.delete(id);
      }
  }
}
