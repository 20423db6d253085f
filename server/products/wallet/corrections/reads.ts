import type { CorrectionQuery, CorrectionState, CorrectionView } from '../../../../domain/corrections.js';
import type { Page } from '../../../../domain/wallet.js';
import type { Queryable } from '../../../kernel/platform/db/database.js';

/** A correction as read; `state` already says `expired` for a proposal past its expiry at the time of reading. */
export type StoredCorrection = CorrectionView;

/** `expired` is computed at read time from expires_ms (migration 043): no timer writes it. */
const STATE = `case when c.state = 'proposed' and c.expires_ms <= $1 then 'expired' else c.state end`;

const COLUMNS = `c.id, c.user_id, u.account as user_account, c.currency, c.account, c.direction, trim_scale(c.quantity)::text as quantity,
  c.reason, c.reference, ${STATE} as state, c.proposed_by, p.account as proposed_by_account, c.proposed_ms as proposed_at,
  c.expires_ms as expires_at, c.decided_by, d.account as decided_by_account, c.decided_ms as decided_at, c.decision_reason`;

const FROM = `balance_correction c join app_user u on u.id = c.user_id
  left join app_user p on p.id = c.proposed_by left join app_user d on d.id = c.decided_by`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toView(row: CorrectionView): CorrectionView {
  return {
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    proposed_by: Number(row.proposed_by),
    proposed_by_account: row.proposed_by_account ?? '',
    proposed_at: Number(row.proposed_at),
    expires_at: Number(row.expires_at),
    decided_by: num(row.decided_by),
    decided_by_account: row.decided_by_account ?? null,
    decided_at: num(row.decided_at),
    decision_reason: row.decision_reason ?? null,
  };
}

export async function correctionById(q: Queryable, id: number, now: number): Promise<StoredCorrection | undefined> {
  const [row] = await q.query<CorrectionView>(`select ${COLUMNS} from ${FROM} where c.id = $2`, [now, id]);
  return row ? toView(row) : undefined;
}

/** One page of corrections, newest first, optionally of one state (as read now: `expired` included). */
export async function correctionPage(q: Queryable, query: CorrectionQuery, now: number): Promise<Page<CorrectionView>> {
  const size = query.size ?? 20;
  const state: CorrectionState | null = query.state ?? null;
  const where = `($2::text is null or ${STATE} = $2)`;
  const rows = await q.query<CorrectionView>(`select ${COLUMNS} from ${FROM} where ${where} order by c.id desc limit $3 offset $4`, [now, state, size, (query.page - 1) * size]);
  const [count] = await q.query<{ total: number }>(`select count(*)::int as total from balance_correction c where ${where}`, [now, state]);
  return { list: rows.map(toView), total: Number(count?.total ?? 0), page: query.page, size };
}
