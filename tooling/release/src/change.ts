import type { BumpLevel } from './levels.js';

/** One classified difference between the released spec and the current one. */
export interface SpecChange {
  level: BumpLevel;
  /** Where, in words a maintainer recognises: `GET /api/v1/websites › query per_page › enum`. */
  where: string;
  /** What happened, e.g. `enum value 100 removed`. */
  what: string;
}

/** Collects changes while a diff walks two documents. */
export class ChangeLog {
  readonly changes: SpecChange[] = [];

  private readonly seen = new Set<string>();

  add(level: BumpLevel, where: string[], what: string): void {
    const change = { level, where: where.join(' › '), what };
    // A component used in several places is reported once.
    const key = JSON.stringify(change);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.changes.push(change);
  }
  breaking(where: string[], what: string): void {
    this.add('major', where, what);
  }
  addition(where: string[], what: string): void {
    this.add('minor', where, what);
  }
  docs(where: string[], what: string): void {
    this.add('patch', where, what);
  }
}
