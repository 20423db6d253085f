import type { OperatorAuditKind } from '../../../domain/operatorAuditKinds.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import { NOTICE_PUSH } from '../../../domain/informHelp.js';
import type { NameStatus } from '../../../domain/api.js';
import { KYC_QUEUE_PAGE_SIZE, type KycQueuePage, type KycQueueQuery, type KycStatus, type KycSubmission } from '../../../domain/kyc.js';
import type { Database } from '../../kernel/platform/db/database.js';
import type { MessageKey } from '../../kernel/platform/i18n/messages.js';
import { notify } from '../../kernel/platform/notifications/notify.js';
import { refuse, type Outcome } from '../../kernel/platform/outcome.js';
import { decodeImage, readStoredImage, storeImage, type ImageMime } from '../../kernel/platform/images.js';
import { lockUser } from '../../kernel/platform/userLock.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode, auditRefusal } from '../../kernel/platform/auth/operators/operatorAction.js';
import './messages.js';

/** Spec: each identity photo is at most 4 MB. */
export const KYC_PHOTO_MAX_BYTES = 4 * 1024 * 1024;
/** Submissions one user may make in 24 hours (each stores two photos; a rejection allows another). */
export const KYC_SUBMISSIONS_PER_DAY = 3;

export interface KycDeps {
  db: Database;
  dataDir: string;
  /** The private user channel: told after a review commits, so the identity page and the bell follow at once. */
  feed?: UserFeed;
  /** The clock a reviewer's 2FA code is checked against (Date.now unless a test moves it). */
  now?: () => number;
}

// The wire shapes live with the client's types, so both sides agree on them.
export type { KycStatus } from '../../../domain/kyc.js';
export type KycSubmissionView = KycSubmission;

export type PhotoSide = 'front' | 'back';

const fail = (key: MessageKey): Outcome<never> => ({ ok: false, key });
const PHOTO_PROBLEM = { imageInvalid: 'kycPhotoInvalid', imageTooLarge: 'kycPhotoTooLarge' } as const;
const VIEW_COLUMNS = `k.id, k.user_id, u.account, k.real_name, k.id_number, k.status, k.reason,
  to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  to_char(k.reviewed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as reviewed_at`;

/**
 * Identity verification (spec §2 /user/identity, §4 name_status): 1 unverified → 2 pending on
 * submit → 3 verified or 4 failed with a reason. Submitting is allowed from 1 and 4 only.
 * app_user.name_status is the user-facing truth and moves in the same transaction as the row.
 */
export function kyc(deps: KycDeps) {
  const { db } = deps;

  async function review(
    id: number,
    operator: OperatorActor,
    verdict: { status: 3 } | { status: 4; reason: string },
    code: string | undefined,
    lang?: string,
  ): Promise<Outcome<{ id: number; status: 3 | 4 }>> {
    const reason = verdict.status === 4 ? verdict.reason.trim() : '';
    const kind: OperatorAuditKind = verdict.status === 3 ? 'kyc.approve' : 'kyc.reject';
    // Every attempt is a row of the log, a refused one too (docs/OPERATOR.md "The audit log").
    const action = { operator, kind, object: { type: 'kyc_submission', id } };
    if (verdict.status === 4 && !reason) return auditRefusal(db, action, fail('kycReasonRequired'));
    // A review sets what the user may withdraw (access): the reviewer's own 2FA code, checked on the
    // database before the transaction so a wrong one stays counted; its refusal is audited.
    // An approval queue's action: within the session's step-up window no new code is needed (stepUp.ts).
    const proven = await askOperatorCode(db, { operator, kind, object: { type: 'kyc_submission', id }, code, now: (deps.now ?? Date.now)(), lang, notEnabled: 'kycTwoFactorRequired', stepUp: 'allowed' });
    if (!proven.ok) return proven;
    const userId = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ user_id: number }>(
        `update kyc_submission set status = $2, reason = $3, reviewer_id = $4, reviewed_at = now()
         where id = $1 and status = 2 returning user_id`,
        [id, verdict.status, reason, operator.id],
      );
      if (!row) return undefined;
      await tx.query('update app_user set name_status = $2 where id = $1', [row.user_id, verdict.status]);
      // In the same transaction: the user hears of a review exactly when it happened.
      await notify(tx, Number(row.user_id), verdict.status === 3 ? { kind: 'kyc_approved' } : { kind: 'kyc_rejected', params: { reason } });
      // Last, as the audit log asks: its chain lock is held to the commit (issue 51 §2).
      await writeOperatorAudit(tx, {
        operator,
        kind,
        object: { type: 'kyc_submission', id },
        before: { status: 2 },
        after: { status: verdict.status, user_id: Number(row.user_id), ...(reason ? { reason } : {}), ...proven.data },
      });
      return Number(row.user_id);
    });
    // Reviewed meanwhile (by another reviewer, or twice): nothing changed; the attempt is written on its own.
    if (userId === undefined) return auditRefusal(db, action, fail('kycNotPending'));
    // After the commit: the user's identity page leaves "Pending review" and the bell reads its list.
    try {
      deps.feed?.message?.(userId, { channel: 'user', kind: 'kyc', name_status: verdict.status });
      deps.feed?.message?.(userId, NOTICE_PUSH);
    } catch {
      // The review is committed whatever the feed does.
    }
    return { ok: true, data: { id, status: verdict.status } };
  }

  return {
    async submit(userId: number, input: { name: string; id_number: string; front: string; back: string }): Promise<Outcome<KycStatus>> {
      const name = input.name.trim();
      const idNumber = input.id_number.trim();
      if (!name || !idNumber || !input.front || !input.back) return fail('kycFieldsRequired');
      const front = decodeImage(input.front, KYC_PHOTO_MAX_BYTES);
      if (!front.ok) return fail(PHOTO_PROBLEM[front.reason]);
      const back = decodeImage(input.back, KYC_PHOTO_MAX_BYTES);
      if (!back.ok) return fail(PHOTO_PROBLEM[back.reason]);
      // Everything below runs one submission of a user at a time and checks before any photo is
      // written, so submissions at once store the photos of one, and refused ones store nothing.
      const outcome = await db.transaction(async (tx): Promise<Outcome<number>> => {
        await lockUser(tx, userId);
        const [locked] = await tx.query<{ name_status: NameStatus }>('select name_status from app_user where id = $1', [userId]);
        if (Number(locked?.name_status) === 2) return fail('kycAlreadyPending');
        if (Number(locked?.name_status) === 3) return fail('kycAlreadyVerified');
        const [recent] = await tx.query<{ n: number }>(`select count(*)::int as n from kyc_submission where user_id = $1 and created_at > now() - interval '24 hours'`, [userId]);
        if (Number(recent?.n ?? 0) >= KYC_SUBMISSIONS_PER_DAY) return refuse('kycTooManySubmissions', { max: String(KYC_SUBMISSIONS_PER_DAY) });
        const stored = [await storeImage(tx, 'identity', front), await storeImage(tx, 'identity', back)];
        const [row] = await tx.query<{ id: number }>(
          `insert into kyc_submission (user_id, real_name, id_number, front_photo, back_photo) values ($1, $2, $3, $4, $5) returning id`,
          [userId, name, idNumber, stored[0], stored[1]],
        );
        await tx.query('update app_user set name_status = 2 where id = $1', [userId]);
        await notify(tx, userId, { kind: 'kyc_submitted' });
        return { ok: true, data: Number(row!.id) };
      });
      if (!outcome.ok) return outcome;
      return { ok: true, data: { name_status: 2, reason: '', submission_id: outcome.data } };
    },

    async status(userId: number): Promise<KycStatus> {
      const [user] = await db.query<{ name_status: NameStatus }>('select name_status from app_user where id = $1', [userId]);
      const [last] = await db.query<{ id: number; reason: string }>('select id, reason from kyc_submission where user_id = $1 order by id desc limit 1', [userId]);
      const nameStatus = user?.name_status ?? 1;
      return { name_status: nameStatus, reason: nameStatus === 4 ? (last?.reason ?? '') : '', submission_id: last ? Number(last.id) : null };
    },

    /** A photo for its owner (userId) or for any operator (userId undefined). */
    async photo(id: number, side: PhotoSide, viewer: { userId: number } | { operator: true }): Promise<{ bytes: Buffer; mime: ImageMime } | undefined> {
      const [row] = await db.query<{ user_id: number; front_photo: string; back_photo: string }>(
        'select user_id, front_photo, back_photo from kyc_submission where id = $1',
        [id],
      );
      if (!row || ('userId' in viewer && Number(row.user_id) !== viewer.userId)) return undefined;
      return readStoredImage(db, deps.dataDir, 'identity', side === 'front' ? row.front_photo : row.back_photo);
    },

    /** A page of the review queue, oldest first (first come, first served), narrowed by the user's email, account or id. */
    async pending(query: KycQueueQuery = {}): Promise<KycQueuePage> {
      const page = query.page ?? 1;
      const size = query.size ?? KYC_QUEUE_PAGE_SIZE;
      const filter = queueFilter(query.search);
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from kyc_submission k join app_user u on u.id = k.user_id where ${filter.sql}`, filter.params);
      const rows = await db.query<KycSubmissionView>(
        `select ${VIEW_COLUMNS} from kyc_submission k join app_user u on u.id = k.user_id where ${filter.sql}
         order by k.id limit $${filter.params.length + 1} offset $${filter.params.length + 2}`,
        [...filter.params, size, (page - 1) * size],
      );
      return { list: rows.map(normalise), total: Number(count?.n ?? 0), page, size };
    },

    async detail(id: number): Promise<KycSubmissionView | undefined> {
      const [row] = await db.query<KycSubmissionView>(`select ${VIEW_COLUMNS} from kyc_submission k join app_user u on u.id = k.user_id where k.id = $1`, [id]);
      return row && normalise(row);
    },

    approve: (id: number, operator: OperatorActor, code: string | undefined, lang?: string) => review(id, operator, { status: 3 }, code, lang),
    reject: (id: number, operator: OperatorActor, reason: string, code: string | undefined, lang?: string) => review(id, operator, { status: 4, reason }, code, lang),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The pending submissions a search finds: digits are a user id or part of an email or account, other text part of either (never a pattern: % and _ are literal). */
function queueFilter(search: string | undefined): { sql: string; params: unknown[] } {
  const text = (search ?? '').trim();
  if (!text) return { sql: 'k.status = 2', params: [] };
  const like = `%${escapeLike(text)}%`;
  if (/^\d{1,15}$/.test(text)) return { sql: 'k.status = 2 and (k.user_id = $1 or u.account ilike $2 or u.email ilike $2)', params: [Number(text), like] };
  return { sql: 'k.status = 2 and (u.account ilike $1 or u.email ilike $1)', params: [like] };
}

function normalise(row: KycSubmissionView): KycSubmissionView {
  return { ...row, id: Number(row.id), user_id: Number(row.user_id), status: Number(row.status) as 2 | 3 | 4 };
}

export type Kyc = ReturnType<typeof kyc>;
