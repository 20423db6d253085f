import type { Database, Queryable } from '../../platform/db/database.js';
import { Loops } from '../../platform/loops.js';
import { poolMembers } from '../../platform/observability/metrics.js';
import { handOver, leaseKey } from './standby.js';

// Identical market processes sharing the entries (docs/ARCHITECTURE.md "Scale-out: identical nodes"). Each member holds
// a session advisory lock of its own class, so a dead one stops counting the moment its connection ends, and aims at
// its share, ceil(entries / members): short of it, it takes a free entry, one a tick; over it for SETTLE_MS, it hands
// over the last it took (its beat left to lapse, so the commands sent meanwhile wait in the queue for the member that
// takes it).

/** How often a member looks: the bound on how long an entry stays free after its holder dies. */
const POOL_TICK_MS = 100;
/** Joins come in bursts: a share too large this long before an entry is handed over. */
const SETTLE_MS = 2000;
/** Members per schema (slots of the membership lock, class 7303). */
const MEMBER_SLOTS = 256;
const memberKey = (slot: string) => `hashtext(current_schema() || ':member:' || ${slot})`;
/** A granted lock of `classid` whose objid (a bigint key's low half) matches `objid`. */
const advisoryHeld = (classid: number, objid: string) => `
  l.locktype = 'advisory' and l.granted and l.classid = ${classid} and l.objsubid = 2
  and l.database = (select oid from pg_database where datname = current_database()) and l.objid ${objid}`;
const asObjid = (key: string) => `(${key}::bigint & 4294967295)::oid`;

/** One entry this member runs. `handover`: another member takes it at once, so its beat lapses instead of being struck (its commands wait in the queue). */
export interface HeldEntry {
  readonly name: string;
  stop(options?: { handover?: boolean }): Promise<void>;
}

export interface EntryPool {
  held(): string[];
  stop(): Promise<void>;
}

/** Keeps this member at its share. `take(free)` starts one of the free entries, or answers undefined when another member took them first. `db` is the pool's own: closed by its stop. */
export async function joinEntryPool(
  db: Database,
  entries: readonly string[],
  take: (free: string[]) => Promise<HeldEntry | undefined>,
  log: (message: string, error?: unknown) => void,
): Promise<EntryPool> {
  const session = await joinSlot(db).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  const held: HeldEntry[] = [];
  /** Members at the last look: on stop, whether another is there to take the entries at once. */
  let counted = 1;
  /** After a failed look or start the next waits a second, not a tick. */
  let failed = false;
  let overSince: number | undefined;
  // For operators, and the chaos test, which reads who holds what from it.
  const said = () => log(`holds ${held.map((entry) => entry.name).join(', ') || 'nothing'}`);
  const tick = async () => {
    failed = true;
    const { members, free } = await look(session, entries);
    counted = members;
    poolMembers.set(members);
    const share = Math.ceil(entries.length / Math.max(1, members));
    if (held.length > share) {
      overSince ??= Date.now();
      if (Date.now() - overSince >= SETTLE_MS) {
        overSince = undefined;
        const given = held.pop()!;
        log(`handing ${given.name} over: ${members} processes share ${entries.length} entries, ${share} each`);
        await given.stop({ handover: true });
        said();
      }
    } else {
      overSince = undefined;
      const entry = held.length < share && free.length > 0 ? await take(free) : undefined;
      if (entry) {
        held.push(entry);
        said();
      }
    }
    failed = false;
  };
  const loops = new Loops(log);
  loops.every(() => (failed ? 1000 : POOL_TICK_MS), tick, 'pool: looking at the entries, or starting one, failed; trying again in a second', 0);
  return {
    held: () => held.map((entry) => entry.name),
    /** With other members, a handover; alone, a stop that strikes the beats (nobody will take them: refused at once). */
    async stop() {
      // The tick in flight ends first: an entry it was taking is handed over too.
      await loops.stop();
      for (const entry of held.splice(0).reverse()) await entry.stop({ handover: counted > 1 });
      await handOver(session);
      await db.close();
    },
  };
}

/** A session holding the first free membership slot: one lock a member, held while its session lives. */
async function joinSlot(db: Database): Promise<Queryable & { close(): Promise<void> }> {
  const session = await db.session!();
  for (let slot = 0; slot < MEMBER_SLOTS; slot++) {
    const [row] = await session.query<{ taken: boolean }>(`select pg_try_advisory_lock(7303, ${memberKey('$1::int')}) as taken`, [slot]);
    if (row?.taken) return session;
  }
  await session.close();
  throw new Error(`a pool has at most ${MEMBER_SLOTS} market processes`);
}

/** How many members the pool has, and which of `entries` no process holds. */
async function look(session: Queryable, entries: readonly string[]): Promise<{ members: number; free: string[] }> {
  const [row] = await session.query<{ members: number; free: string[] }>(
    `select
       (select count(*) from pg_locks l where ${advisoryHeld(7303, `in (select ${asObjid(memberKey('s'))} from generate_series(0, ${MEMBER_SLOTS - 1}) s)`)})::int as members,
       array(select e from unnest($1::text[]) with ordinality as t(e, n)
             where not exists (select 1 from pg_locks l where ${advisoryHeld(7302, `= ${asObjid(leaseKey('e'))}`)})
             order by n) as free`,
    [entries],
  );
  return row!;
}
