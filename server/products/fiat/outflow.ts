import { adSendsCrypto, takeSendsCrypto, type FiatOrderStatus, type FiatProof } from '../../../domain/fiat.js';
import { requireOutflowAllowed } from '../../kernel/platform/auth/outflow/outflow.js';
import type { Queryable } from '../../kernel/platform/db/database.js';

/**
 * Issue 49 §2: which P2P calls send the caller's crypto to someone else, and the proof they ask
 * for then (kernel/platform/auth/outflow: the withdrawal lock, the funds password, the 2FA code), checked
 * before the call's transaction: outside it, so wrong guesses stay counted when it rolls back, and
 * before any of its work. What each call acts on is read here without a lock, so the proof hangs
 * only on what never changes (an order's seller, an ad's owner and side), never on a status: an
 * accomplice who marks an order paid, or resumes their paused buy ad, between this read and the
 * call's transaction would otherwise let the call through unproven. The security lock, which a
 * change may start between this check and the call's transaction, is read again inside it, under
 * the user's row lock (takeAd, transition's release, publishAd, setAdStatus: requireOutflowUnlocked).
 *
 * - a release: the seller gives the escrow to the buyer;
 * - a take of a buy ad: the taker sells, their crypto goes into escrow for the advertiser;
 * - a sell ad published, or resumed from paused: its crypto is frozen for anyone to take.
 *
 * A call that sends nothing (a purchase, a pause, a buyer's step, a refused release of an order
 * that is not the caller's or not releasable) asks for nothing and is refused, or not, as before.
 */
export interface ProvenCall {
  userId: number;
  proof: FiatProof;
  client: string;
  now: number;
}

const prove = (db: Queryable, call: ProvenCall) =>
  requireOutflowAllowed(db, { userId: call.userId, fundsPassword: call.proof.funds_password, totpCode: call.proof.totp_code, client: call.client, now: call.now });

export async function proveRelease(db: Queryable, call: ProvenCall, orderId: number): Promise<void> {
  const [order] = await db.query<{ seller_id: number; status: FiatOrderStatus }>('select seller_id, status from fiat_order where id = $1', [orderId]);
  if (order && Number(order.seller_id) === call.userId) await prove(db, call);
}

export async function proveTake(db: Queryable, call: ProvenCall, adId: number): Promise<void> {
  const [ad] = await db.query<{ user_id: number; side: 'buy' | 'sell'; status: string }>('select user_id, side, status from fiat_ad where id = $1', [adId]);
  if (ad && Number(ad.user_id) !== call.userId && takeSendsCrypto(ad)) await prove(db, call);
}

export async function provePublish(db: Queryable, call: ProvenCall, side: 'buy' | 'sell'): Promise<void> {
  if (adSendsCrypto({ side })) await prove(db, call);
}

export async function proveResume(db: Queryable, call: ProvenCall, adId: number): Promise<void> {
  const [ad] = await db.query<{ user_id: number; side: 'buy' | 'sell'; status: string }>('select user_id, side, status from fiat_ad where id = $1', [adId]);
  if (ad && Number(ad.user_id) === call.userId && adSendsCrypto(ad)) await prove(db, call);
}
