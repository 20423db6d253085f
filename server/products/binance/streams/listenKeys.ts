import { randomInt } from 'node:crypto';
import type { Queryable } from '../../../kernel/platform/db/database.js';

/** A listenKey lives 60 minutes from its creation or last keepalive (Binance's rule), by the database's clock. */
const LIFETIME = `interval '60 minutes'`;
/** An expired key's row is kept this long, so a node whose connections used it tells them "expired", not "closed". */
const KEPT_EXPIRED = `interval '10 minutes'`;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** What became of a key a node has connections on: still live, past its time, or deleted (absent). */
export type ListenKeyState = 'live' | 'expired';

/**
 * One market's listenKeys (spot's, or USDⓈ-M futures'), in the database (migration 070): made,
 * kept alive, closed and looked up by any node, so in the scale-out mode a bot may reach any node with each call and its connection. Every
 * time is the database's, so nodes whose clocks differ agree on when a key ends.
 */
export function listenKeyStore(db: Queryable, market: 'spot' | 'futures' = 'spot') {
  return {
    /** POST: the user's live key, kept alive, or a new one in place of an expired one. */
    async create(userId: number): Promise<string> {
      let fresh = '';
      for (let i = 0; i < 60; i++) fresh += ALPHABET[randomInt(ALPHABET.length)];
      const [row] = await db.query<{ listen_key: string }>(
        `insert into binance_listen_key (listen_key, user_id, market, expires_at) values ($1, $2, $3, now() + ${LIFETIME})
         on conflict (user_id, market) do update set
           listen_key = case when binance_listen_key.expires_at > now() then binance_listen_key.listen_key else excluded.listen_key end,
           expires_at = excluded.expires_at
         returning listen_key`,
        [fresh, userId, market],
      );
      return row!.listen_key;
    },
    /** PUT: 60 more minutes; false when the key is not the user's live key. */
    async keepAlive(userId: number, key: string): Promise<boolean> {
      const rows = await db.query(`update binance_listen_key set expires_at = now() + ${LIFETIME} where listen_key = $1 and user_id = $2 and market = $3 and expires_at > now() returning 1`, [key, userId, market]);
      return rows.length > 0;
    },
    /** DELETE: the key ends (its connections are closed by the nodes holding them); false when not the user's live key. */
    async close(userId: number, key: string): Promise<boolean> {
      const rows = await db.query(`delete from binance_listen_key where listen_key = $1 and user_id = $2 and market = $3 and expires_at > now() returning 1`, [key, userId, market]);
      return rows.length > 0;
    },
    /** The user's live key of this market, if any (USDⓈ-M's keepalive and close may name none). */
    async liveKeyOf(userId: number): Promise<string | undefined> {
      const [row] = await db.query<{ listen_key: string }>(`select listen_key from binance_listen_key where user_id = $1 and market = $2 and expires_at > now()`, [userId, market]);
      return row?.listen_key;
    },
    /** The user of a live key, else undefined (a connection to /ws/<name>). */
    async userOf(key: string): Promise<number | undefined> {
      const [row] = await db.query<{ user_id: string | number }>(`select user_id from binance_listen_key where listen_key = $1 and market = $2 and expires_at > now()`, [key, market]);
      return row ? Number(row.user_id) : undefined;
    },
    /** Of the keys a node holds connections on, each one's state; a key absent from the answer was deleted. */
    async states(keys: readonly string[]): Promise<Map<string, ListenKeyState>> {
      if (keys.length === 0) return new Map();
      const rows = await db.query<{ listen_key: string; live: boolean }>(`select listen_key, expires_at > now() as live from binance_listen_key where listen_key = any($1::text[])`, [[...keys]]);
      return new Map(rows.map((r) => [r.listen_key, r.live ? 'live' : 'expired']));
    },
    /** Rows of keys long expired, removed (any node may: it is idempotent). */
    async sweep(): Promise<void> {
      await db.query(`delete from binance_listen_key where expires_at < now() - ${KEPT_EXPIRED}`);
    },
  };
}

export type ListenKeyStore = ReturnType<typeof listenKeyStore>;
