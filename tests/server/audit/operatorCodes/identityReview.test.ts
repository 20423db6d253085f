import { describe, expect, it } from 'vitest';
import { STEP_UP_MS } from '../../../../server/kernel/platform/auth/operators/stepUp.js';
import { kycReviewBed } from './kycReviewBed.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../../http.js';

/**
 * An identity review sets what a user may withdraw (access), so approving or rejecting asks the
 * reviewer's own 2FA code (the house rule; docs/OPERATOR.md "What each call needs"): no code, a
 * wrong one and a code used once already are each refused, written to the audit log as refused,
 * and leave the submission and the user's level as they were; a fresh code reviews.
 */
const { t, code, submitted } = kycReviewBed('reviewer-codes@openex.test', 'kyc-codes');
const EN = MESSAGES.en_US;
const stateOf = async (s: { id: number; userId: number }) =>
  (
    await t.db.query<{ status: number; name_status: number }>('select k.status, u.name_status from kyc_submission k join app_user u on u.id = k.user_id where k.id = $1', [s.id])
  )[0];
const audit = async (id: number) =>
  (await t.db.query<{ kind: string; outcome: string; detail: string }>(`select kind, outcome, detail from operator_audit_log where object_type = 'kyc_submission' and object_id = $1 order by id`, [String(id)])).map((r) => [
    r.kind,
    r.outcome,
    r.detail,
  ]);

const REVIEWS = [
  { name: 'approve', path: '/api/operator/kyc/approve', body: {}, kind: 'kyc.approve', status: 3 },
  { name: 'reject', path: '/api/operator/kyc/reject', body: { reason: 'Blurred photo' }, kind: 'kyc.reject', status: 4 },
] as const;

describe.each(REVIEWS)('an identity review ($name) asks the reviewer’s 2FA code', (review) => {
  it('refuses no code, a wrong one and one used already, each audited as refused and changing nothing; a fresh one reviews', async () => {
    const target = await submitted();
    const other = await submitted();
    const send = (id: number, c?: string) => t.post(t.operator, review.path, { id, ...review.body, ...(c === undefined ? {} : { code: c }) });
    // Past the step-up window the previous review's code opened (stepUp.test.ts): no code is then refused.
    t.advance(STEP_UP_MS);

    expectRefusal(await send(target.id), 400, EN.twoFactorRequired);
    expectRefusal(await send(target.id, '000000'), 400, EN.twoFactorWrong);
    const used = code();
    expectOk(await send(other.id, used));
    expectRefusal(await send(target.id, used), 400, EN.twoFactorWrong);
    expect(await stateOf(target)).toEqual({ status: 2, name_status: 2 });
    expect(await audit(target.id)).toEqual([
      [review.kind, 'refused', 'twoFactorRequired'],
      [review.kind, 'refused', 'twoFactorWrong'],
      [review.kind, 'refused', 'twoFactorWrong'],
    ]);

    expectOk(await send(target.id, code()));
    expect(await stateOf(target)).toEqual({ status: review.status, name_status: review.status });
    expect((await audit(target.id)).at(-1)).toEqual([review.kind, 'done', '']);

    // A second review of it (another reviewer a moment later) changes nothing and is in the log as an attempt.
    expectRefusal(await send(target.id, code()), 400, EN.kycNotPending);
    expect(await stateOf(target)).toEqual({ status: review.status, name_status: review.status });
    expect((await audit(target.id)).at(-1)).toEqual([review.kind, 'refused', 'kycNotPending']);
  });
});
