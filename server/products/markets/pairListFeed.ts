import type { Pair } from '../../../domain/api.js';
import { PAIR_LIST_CHANNEL, type PairListPush } from '../../../domain/market.js';
import { listPairs } from '../../kernel/platform/catalogue.js';
import type { Queryable } from '../../kernel/platform/db/database.js';

/**
 * The pairs the site lists: every pair but the delisted ones (markets/delisting.ts), whose rows stay
 * for the histories. POST /api/pair_list and the channel answer this.
 */
export async function sitePairs(db: Queryable): Promise<Pair[]> {
  const [pairs, delisted] = await Promise.all([listPairs(db), db.query<{ symbol: string }>(`select left_symbol || '_' || right_symbol as symbol from pair where delisted_at is not null`)]);
  if (delisted.length === 0) return pairs;
  const gone = new Set(delisted.map((d) => d.symbol));
  return pairs.filter((p) => !gone.has(`${p.left_symbol}_${p.right_symbol}`));
}

/** How often a process re-reads the list for its subscribers' first message (changes made by another process). */
export const PAIR_LIST_REREAD_MS = 5000;

/**
 * The pair list's public channel (issue 52 §1; PAIR_LIST_CHANNEL): `changed()` after the commit of
 * any change to a market this process made (halts, listings, delistings; a pair the ICO listed,
 * heard through the kernel's PairOpenings) reads the list once and pushes it to every open page
 * of the cluster. `snapshot()` is a subscriber's first message, the list as this process last read
 * it: after its own changes at once, another process's within PAIR_LIST_REREAD_MS (`reread`).
 */
export function pairListFeed(db: Queryable, publish: (channel: string, payload: object) => void, log: (message: string, error: unknown) => void) {
  let latest: Pair[] | undefined;
  const reread = async () => {
    latest = await sitePairs(db);
    return latest;
  };
  return {
    reread,
    async changed(): Promise<void> {
      try {
        const push: PairListPush = { pairs: await reread() };
        publish(PAIR_LIST_CHANNEL, push);
      } catch (error) {
        // The change is committed; pages see it with their next load or the next change's push.
        log('pushing the pair list failed', error);
      }
    },
    snapshot: (channel: string): PairListPush | undefined => (channel === PAIR_LIST_CHANNEL && latest ? { pairs: latest } : undefined),
  };
}
