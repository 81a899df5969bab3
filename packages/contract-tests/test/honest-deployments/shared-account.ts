// Other clients of the same key (SILENCES.md 140, 141). Real accounts are shared: a monitoring service's onboarding
// script adds a website and removes it a moment later, again and again; a teammate's integration tests or the
// product's own dashboard edit the account's websites, add some and remove others. The source documentation says
// nothing of who else uses a key. What these clients do is driven by the count of requests the deployment receives,
// never by a timer, so a run meets the same traffic on a busy machine as on an idle one.
import type { Choices } from './choices.js';
import { mix, type WebsiteRecord } from './data.js';
import type { WebsiteStore } from './websites.js';

export interface OtherClients {
  /** Another request reached the app: the other clients act first, so that request already sees what they did. */
  tick(): void;
}

type NewWebsite = Parameters<WebsiteStore['add']>[0];

/** A website as the other client's form creates it: the documented defaults, a domain of its own. */
function website(domain: string): NewWebsite {
  return {
    domain,
    privacy: 1,
    password: null,
    email: 0,
    excludeBots: 1,
    excludeParams: null,
    excludeIps: null,
  };
}

function present(store: WebsiteStore, record: WebsiteRecord): boolean {
  const found = store.lookup(store.idText(record));
  return 'found' in found && found.found === record;
}

/**
 * A monitoring onboarding script on the key: every `every` requests it adds a website to check the key works, and
 * removes it `lifetime` requests later.
 */
function churn(store: WebsiteStore, every: number, lifetime: number): (count: number) => void {
  const due: { at: number; record: WebsiteRecord }[] = [];
  return (count) => {
    while (due.length > 0 && due[0]!.at <= count) {
      const { record } = due.shift()!;
      if (present(store, record)) store.remove(record);
    }
    if (count % every !== 0) return;
    const record = store.add(website(`probe-${count}.uptime-onboarding.net`));
    due.push({ at: count + lifetime, record });
  };
}

const PARAM_EDITS = ['utm_source\nutm_medium', 'gclid\nfbclid\nmsclkid', 'ref', 'session_id'];
const IP_EDITS = ['10.1.2.3', '192.0.2.0/24\n198.51.100.7', '2001:db8::42'];

/** One change the dashboard makes to a website's settings, chosen by the request count. */
function edit(store: WebsiteStore, record: WebsiteRecord, count: number): void {
  const pick = mix(count, 0xed17);
  switch (pick % 5) {
    case 0: {
      const privacy = ((record.privacy + 1) % 3) as 0 | 1 | 2;
      record.privacy = privacy;
      // The dashboard asks for a password when a website becomes password-protected.
      if (privacy === 2 && record.password === null) record.password = `team-${count.toString(36)}`;
      break;
    }
    case 1:
      record.email = record.email === 1 ? 0 : 1;
      break;
    case 2:
      record.excludeBots = record.excludeBots === 1 ? 0 : 1;
      break;
    case 3:
      record.excludeParams = PARAM_EDITS[(pick >>> 3) % PARAM_EDITS.length]!;
      break;
    default:
      record.excludeIps = IP_EDITS[(pick >>> 3) % IP_EDITS.length]!;
  }
  record.updatedAt = store.now();
  store.touch(record);
}

/**
 * A teammate's dashboard on the key: every `every` requests it changes a setting of one of the websites it looks
 * after (those of the account before the run, and those it created), every third time it creates one, every fourth
 * it deletes one of them (its own first, then an older one). It never touches a website created by anyone else.
 */
function editor(store: WebsiteStore, every: number): (count: number) => void {
  const before = new Set(store.owned());
  const own: WebsiteRecord[] = [];
  const lookedAfter = () => [...before, ...own].filter((record) => present(store, record));
  return (count) => {
    if (count % every !== 0) return;
    const turn = count / every;
    if (turn % 4 === 0) {
      const mine = own.filter((record) => present(store, record));
      // Its own creations go first; every other time one of the account's older websites.
      const pool = turn % 8 === 0 || mine.length === 0 ? lookedAfter() : mine;
      const victim = pool[mix(count, 0xde1) % pool.length];
      if (victim) store.remove(victim);
      return;
    }
    if (turn % 3 === 0) {
      own.push(store.add(website(`team-${count}.staging-sites.net`)));
      return;
    }
    const pool = lookedAfter();
    const target = pool[mix(count, 0xed) % pool.length];
    if (target) edit(store, target, count);
  };
}

export function otherClientsOf(choices: Choices, store: WebsiteStore): OtherClients | undefined {
  const actors: ((count: number) => void)[] = [];
  if (choices.churnEvery > 0) actors.push(churn(store, choices.churnEvery, choices.churnLifetime));
  if (choices.editsEvery > 0) actors.push(editor(store, choices.editsEvery));
  if (actors.length === 0) return undefined;
  let count = 0;
  return {
    tick: () => {
      count += 1;
      for (const act of actors) act(count);
    },
  };
}
