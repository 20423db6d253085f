import { kyc } from '../../../../server/products/kyc/kyc.js';
import { kycOperatorRoutes } from '../../../../server/products/kyc/operatorRoutes.js';
import { OPERATOR_SECRET } from '../../support/operators.js';
import { productTestbed } from '../../support/productTestbed.js';

/**
 * The identity desk's test bed for the operator-code tests (identityReview, stepUp): the kyc
 * product's operator routes, an operator with 2FA on, its codes, and a pending submission a call away.
 */
export function kycReviewBed(operator: string, tag: string) {
  const t = productTestbed({
    products: ({ db, now }) => kyc({ db, dataDir: '/nonexistent', now }),
    parts: (k) => ({ routes: [kycOperatorRoutes(k)] }),
    operator,
    operatorTwoFactor: true,
    users: { tag },
  });
  const code = () => t.operatorCode({ secret: OPERATOR_SECRET });
  /** A new user's identity, submitted and pending review. */
  async function submitted(): Promise<{ id: number; userId: number }> {
    const user = await t.user();
    const [row] = await t.db.query<{ id: number }>(`insert into kyc_submission (user_id, real_name, id_number, front_photo, back_photo) values ($1, 'Ada', 'X1', 'f', 'b') returning id`, [user.id]);
    await t.db.query('update app_user set name_status = 2 where id = $1', [user.id]);
    return { id: Number(row!.id), userId: user.id };
  }
  return { t, code, submitted };
}
