import type { Database, Queryable } from '../../platform/db/database.js';
import { Loops } from '../../platform/loops.js';
import { poolMembers } from '../../platform/observability/metrics.js';

/**
 * Identical market processes sharing MARKET_PROCESSES' entries (docs/ARCHITECTURE.md "Scale-out:
 * standbys and takeover", issue 38's "spread markets over the processes, a simple rebalance when
 * one joins"). Every process of the pool counts the members (each holds a session advisory lock in
 * a class of its own, so a dead one stops counting the moment its connection ends) and aims at its
 * fair share, ceil(entries / members):
 *   - fewer than its share: it takes a free entry (one whose lease no process holds), one a tick;
 *   - more than its share, for longer than SETTLE_MS: it hands one over (the last it took) — the
 *     process short of its share takes it at its next tick; the commands sent meanwhile wait in the
 *     entry's queue (its beat left to lapse, not struck: a handover, not a stop).
 * So one process alone runs every entry; a second that joins takes half; a member that dies leaves
 * its entries free and the others take them within a tick.
 */

/** How often a member looks: the bound on how long an entry stays free after its holder dies. */
export const POOL_TICK_MS = 100;
/** How long a member's share must have been too large before it hands an entry over (joins come in bursts). */
export const SETTLE_MS = 2000;
/** Members per schema (slots of the membership lock). */
const MEMBER_SLOTS = 256;

/** The lock classes: a member's (7303), an entry's lease (7302, standby.ts). */
const advisoryHeld = (classid: number, key: string) => `
  l.locktype = 'advisory' and l.granted and l.classid = ${classid} and l.objsubid = 2
  and l.database = (select oid from pg_database where datname = current_database())
  and l.objid ${key}`;
const MEMBER_KEY = (slot: string) => `hashtext(current_schema() || ':member:' || ${slot})`;
const asObjid = (key: string) => `(${key}::bigint & 4294967295)::oid`;

/** One entry this member runs. */
export interface HeldEntry {
  readonly name: string;
  stop(options?: { handover?: boolean }): Promise<void>;
}

export interface EntryPool {
  /** The entries this member runs now. */
  held(): string[];
  /** Stops every entry it runs and leaves the pool (handing the entries over when other members run). */
  stop(): Promise<void>;
}

/**
 * Joins the pool for `entries` on `db` (a session of its own for the membership lock) and keeps
 * this member at its share. `take(free)` starts one of the free entries and answers it, or
 * undefined when another member took them first.
 */
export async function joinEntryPool(
  db: Database,
  entries: readonly string[],
  take: (free: string[]) => Promise<HeldEntry | undefined>,
  log: (message: string, error?: unknown) => void,
): Promise<EntryPool> {
  if (!db.session) throw new Error('a pool of market processes needs PostgreSQL (DATABASE_URL)');
  const session = await db.session();
  if (!(await joinSlot(session))) {
    await session.close();
    throw new Error(`a pool has at most ${MEMBER_SLOTS} market processes`);
  }
  const held: HeldEntry[] = [];
  /** Members at the last look: on stop, whether another is there to take the entries at once. */
  let counted = 1;
  /** After a failed look or start the next waits a second (a missing schema would otherwise log ten times a second). */
  let failed = false;
  let overSince: number | undefined;

  const tick = async () => {
    failed = true;
    const { members, free } = await look(session, entries);
    counted = members;
    poolMembers.set(members);
    const share = Math.ceil(entries.length / Math.max(1, members));
    const mine = held.length;
    if (mine < share && free.length > 0) {
      overSince = undefined;
      const entry = await take(free);
      if (entry) {
        held.push(entry);
        said();
      }
    } else if (mine > share && held.length > 0) {
      overSince ??= Date.now();
      if (Date.now() - overSince >= SETTLE_MS) {
        overSince = undefined;
        const given = held.pop()!;
        log(`handing ${given.name} over: ${members} processes share ${entries.length} entries, ${share} each`);
        await given.stop({ handover: true });
        said();
      }
    } else overSince = undefined;
    failed = false;
  };
  // One line a change, for operators (and the chaos test, which reads who holds what from it).
  const said = () => log(`holds ${held.map((entry) => entry.name).join(', ') || 'nothing'}`);
  const loops = new Loops(log);
  loops.every(() => (failed ? 1000 : POOL_TICK_MS), tick, 'pool: looking at the entries, or starting one, failed; trying again in a second', 0);

  return {
    held: () => held.map((entry) => entry.name),
    /**
     * SIGTERM: with other members running, a handover (they take the entries at their next tick and
     * the commands sent meanwhile wait for them); alone, a stop that strikes the entries' beats
     * (nobody will take them: their commands are refused at once).
     */
    async stop() {
      // The tick in flight ends first: an entry it was taking is among those handed over below.
      await loops.stop();
      const handover = counted > 1;
      for (const entry of held.splice(0).reverse()) await entry.stop({ handover });
      await session.query('select pg_advisory_unlock_all()').catch(() => undefined);
      await session.close();
    },
  };
}

/** Takes the first free membership slot: one lock a member, held as long as its session lives. */
async function joinSlot(session: Queryable): Promise<boolean> {
  for (let slot = 0; slot < MEMBER_SLOTS; slot++) {
    const [row] = await session.query<{ taken: boolean }>(`select pg_try_advisory_lock(7303, ${MEMBER_KEY('$1::int')}) as taken`, [slot]);
    if (row?.taken) return true;
  }
  return false;
}

/** How many members the pool has, and which of `entries` no process holds. */
async function look(session: Queryable, entries: readonly string[]): Promise<{ members: number; free: string[] }> {
  const [row] = await session.query<{ members: number; free: string[] }>(
    `select
       (select count(*) from pg_locks l where ${advisoryHeld(7303, `in (select ${asObjid(MEMBER_KEY('s'))} from generate_series(0, ${MEMBER_SLOTS - 1}) s)`)})::int as members,
       array(select e from unnest($1::text[]) with ordinality as t(e, n)
             where not exists (select 1 from pg_locks l where ${advisoryHeld(7302, `= ${asObjid(`hashtext(current_schema() || ':process:' || e)`)}`)})
             order by n) as free`,
    [entries],
  );
  return { members: row!.members, free: row!.free };
}
