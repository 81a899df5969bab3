// What the fake Analytics deployment remembers of its websites beyond their
// current state, for the faults that show only across operations: which
// websites were created or updated while it runs, the row the list reads
// for each website (a denormalised table that create and update write), the
// websites deleted and when (a soft delete, a cache that outlives a
// delete), and a read cache. The honest fake keeps it all in step.
import type { FakeWebsite } from './data.js';

const copy = (website: FakeWebsite): FakeWebsite => ({ ...website });

export class WebsiteHistory {
  private readonly listRows = new Map<number, FakeWebsite>();
  private readonly createdHere = new Set<number>();
  private readonly updatedIds = new Set<number>();
  private readonly deletedById = new Map<number, { website: FakeWebsite; at: number }>();
  private readonly readCache = new Map<number, { website: FakeWebsite; until: number }>();

  constructor(initial: readonly FakeWebsite[]) {
    for (const website of initial) this.listRows.set(website.id, copy(website));
  }

  created(website: FakeWebsite): void {
    this.listRows.set(website.id, copy(website));
    this.createdHere.add(website.id);
  }

  /** An update of `website`, which writes `listRow` to the list's table (the website itself when honest). */
  updated(website: FakeWebsite, listRow: FakeWebsite | undefined): void {
    this.updatedIds.add(website.id);
    if (listRow) this.listRows.set(website.id, copy(listRow));
  }

  deleted(website: FakeWebsite, now = Date.now()): void {
    this.deletedById.set(website.id, { website: copy(website), at: now });
    this.readCache.delete(website.id);
  }

  /** Created by a request to this fake, not one of the websites it started with. */
  wasCreatedHere(id: number): boolean {
    return this.createdHere.has(id);
  }

  /** The website created here just before `id`, if any. */
  createdBefore(id: number): number | undefined {
    const below = [...this.createdHere].filter((other) => other < id);
    return below.length > 0 ? Math.max(...below) : undefined;
  }

  wasUpdated(id: number): boolean {
    return this.updatedIds.has(id);
  }

  /** The row the list's table holds for a website. */
  listRow(id: number): FakeWebsite | undefined {
    const row = this.listRows.get(id);
    return row && copy(row);
  }

  wasDeleted(id: number): boolean {
    return this.deletedById.has(id);
  }

  /** Every deleted website, as it was when deleted. */
  deletedWebsites(): FakeWebsite[] {
    return [...this.deletedById.values()].map((entry) => copy(entry.website));
  }

  /** The website deleted under `id` less than `ms` ago, as it was when deleted. */
  deletedWithin(id: number, ms: number, now = Date.now()): FakeWebsite | undefined {
    const entry = this.deletedById.get(id);
    return entry && now - entry.at < ms ? copy(entry.website) : undefined;
  }

  /**
   * The website as a read cache holds it: the copy taken at the first read within the last `ms`, else the
   * website as it is now (which is then cached). Only a delete empties an entry.
   */
  cachedRead(website: FakeWebsite, ms: number, now = Date.now()): FakeWebsite {
    const entry = this.readCache.get(website.id);
    if (entry && now < entry.until) return copy(entry.website);
    this.readCache.set(website.id, { website: copy(website), until: now + ms });
    return copy(website);
  }
}
