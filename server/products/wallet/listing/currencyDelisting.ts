import type { CurrencyDelisting } from '../../../../domain/marketsDesk.js';
import type { OperatorActor } from '../../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode, auditRefusal } from '../../../kernel/platform/auth/operators/operatorAction.js';
import type { Database, Queryable } from '../../../kernel/platform/db/database.js';
import { refuse, type Outcome } from '../../../kernel/platform/outcome.js';
import './messages.js';

/** The longest reason users read (the column's check). */
const REASON_MAX = 200;

/** What the tables cannot say, checked before the code is asked and anything is written. */
function checkDelisting(d: CurrencyDelisting, now: number): Outcome<true> {
  if (d.reason.length === 0 || d.reason.length > REASON_MAX) return refuse('currencyDelistReason', { max: String(REASON_MAX) });
  if (!Number.isSafeInteger(d.delist_at) || d.delist_at < now) return refuse('currencyDelistTime');
  return { ok: true, data: true };
}

/** The currency's pairs still listed (a delisting announced but not run counts as listed: its orders are not cancelled yet). */
async function openPairs(tx: Queryable, symbol: string): Promise<string[]> {
  const rows = await tx.query<{ symbol: string }>(
    `select left_symbol || '_' || right_symbol as symbol from pair
     where (left_symbol = $1 or right_symbol = $1) and delisted_at is null order by sort, left_symbol, right_symbol`,
    [symbol],
  );
  return rows.map((r) => r.symbol);
}

/**
 * Delists a currency (issue 52 §1): a risk operator, with their 2FA code, names it, the end time
 * announced to users and the reason. Refused while a spot pair based on it or quoted in it is still
 * listed (the markets desk delists those first: their orders are cancelled and funds released).
 * One transaction closes its deposits at once (recharge_turn 0: the deposit page says so, the
 * chain's transfers are held, deposits.ts) and records the end; the audit row is written last.
 * Withdrawals stay open until the end (withdrawals.ts, networks.ts read it at each request); from
 * then on the currency list leaves it out, while its row, balances, ledgers and histories stay.
 * Nothing is kept in memory, so every process follows at once. A refusal changes nothing and is
 * audited as refused.
 */
export function currencyDelisting(db: Database, now: () => number = Date.now) {
  async function announce(tx: Queryable, d: CurrencyDelisting, at: number): Promise<Outcome<{ symbol: string; delist_at: number; recharge_turn: number }>> {
    const [currency] = await tx.query<{ announced: string | null; recharge_turn: number }>(
      'select delist_announced_ms as announced, recharge_turn from currency where symbol = $1 for update',
      [d.symbol],
    );
    if (!currency) return refuse('currencyDelistUnknown', { currency: d.symbol });
    if (currency.announced !== null) return refuse('currencyDelistAnnounced', { currency: d.symbol });
    const pairs = await openPairs(tx, d.symbol);
    if (pairs.length > 0) return refuse('currencyDelistPairsOpen', { currency: d.symbol, pairs: pairs.join(', ') });
    await tx.query(
      `update currency set recharge_turn = 0, delist_announced_ms = $2, delist_at_ms = $3, delist_reason = $4 where symbol = $1`,
      [d.symbol, at, d.delist_at, d.reason],
    );
    return { ok: true, data: { symbol: d.symbol, delist_at: d.delist_at, recharge_turn: Number(currency.recharge_turn) } };
  }

  return async function delist(operator: OperatorActor, body: CurrencyDelisting, code: string | undefined, lang?: string) {
    const d = { symbol: body.symbol.trim().toUpperCase(), delist_at: body.delist_at, reason: body.reason.trim() };
    const action = { operator, kind: 'currency.delist' as const, object: { type: 'currency', id: d.symbol || '?' } };
    const at = now();
    const checked = checkDelisting(d, at);
    if (!checked.ok) return auditRefusal(db, action, checked);
    const allowed = await askOperatorCode(db, { ...action, code, now: at, lang, notEnabled: 'currencyListingTwoFactorRequired' });
    if (!allowed.ok) return allowed;
    const outcome = await db.transaction(async (tx) => {
      const done = await announce(tx, d, at);
      if (!done.ok) return done;
      await writeOperatorAudit(tx, { ...action, before: { recharge_turn: done.data.recharge_turn }, after: { ...d, recharge_turn: 0 }, detail: d.symbol });
      return { ok: true as const, data: { symbol: d.symbol, delist_at: d.delist_at } };
    });
    return auditRefusal(db, action, outcome);
  };
}
