// A live shop's records between two reads (SILENCES.md 144). The source documentation describes the account, an
// item and a purchase at one moment; a real marketplace keeps selling while a run reads it: the author's balance
// grows with each sale, an item gets a new version with new notes and prices, a buyer downloads what was bought and
// renews support. What identifies each record (the account's username, the item's id, the purchase code and its
// item) never changes. Driven by the count of requests, never by a timer, so every machine sees the same run.
import type { Account, Item, Purchase } from './data.js';

export interface LiveMarket {
  /** Another request reached the marketplace: sales and item updates that happened meanwhile land first. */
  tick(): void;
  /** A purchase was just shown valid: the buyer downloads it after its first validation, renews after its second. */
  validated(purchase: Purchase): void;
}

/** A sale every this many requests; an item of the author updated every this many. */
const SALE_EVERY = 4;
const UPDATE_EVERY = 9;
/** The author's share of a sale's price. */
const AUTHOR_SHARE = 0.7;
/** Six months of support bought again. */
const RENEWAL_MS = 183 * 86_400_000;

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The next patch release of a dotted version. */
function nextPatch(version: string): string {
  const [major, minor, patch] = version.split('.').map(Number);
  return `${major}.${minor}.${(patch ?? 0) + 1}`;
}

export function liveMarket(author: Account, items: Item[]): LiveMarket {
  const own = items.filter((item) => item.owner === 'main');
  const validations = new Map<string, number>();
  let count = 0;
  return {
    tick: () => {
      count += 1;
      if (count % SALE_EVERY === 0 && own.length > 0) {
        const sold = own[(count / SALE_EVERY) % own.length]!;
        author.balance = cents(author.balance + sold.price.regular * AUTHOR_SHARE);
      }
      if (count % UPDATE_EVERY === 0 && own.length > 0) {
        const item = own[(count / UPDATE_EVERY) % own.length]!;
        item.version = nextPatch(item.version);
        item.description = `${item.name}: release ${item.version}, with a new changelog.`;
        const regular = cents(item.price.regular + 1);
        item.price = { regular, extended: cents(regular * 12) };
      }
    },
    validated: (purchase) => {
      const seen = (validations.get(purchase.code) ?? 0) + 1;
      validations.set(purchase.code, seen);
      if (seen === 1) purchase.downloaded = true;
      if (seen === 2 && purchase.supportedUntil) {
        purchase.supportedUntil = new Date(purchase.supportedUntil.getTime() + RENEWAL_MS);
      }
    },
  };
}
