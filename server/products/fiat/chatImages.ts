import { CHAT_IMAGE_LIMITS } from '../../../domain/fiat.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { lockUser } from '../../kernel/platform/userLock.js';
import { Refusal } from './rules.js';

/**
 * Checks one more payment-proof image from `userId` in `orderId` against CHAT_IMAGE_LIMITS, under
 * the user's lock (so uploads at once count each other) and before the image is stored.
 */
export async function claimChatImage(tx: Queryable, userId: number, orderId: number, now: number): Promise<void> {
  await lockUser(tx, userId);
  const [row] = await tx.query<{ in_order: number; recent: number }>(
    `select count(*) filter (where order_id = $2)::int as in_order, count(*) filter (where created_ms > $3)::int as recent
     from fiat_message where sender_id = $1 and image is not null and (order_id = $2 or created_ms > $3)`,
    [userId, orderId, now - CHAT_IMAGE_LIMITS.windowMs],
  );
  if (Number(row?.in_order ?? 0) >= CHAT_IMAGE_LIMITS.perOrder) throw new Refusal('fiatImageOrderLimit', { max: String(CHAT_IMAGE_LIMITS.perOrder) });
  if (Number(row?.recent ?? 0) >= CHAT_IMAGE_LIMITS.perWindow) {
    throw new Refusal('fiatImageRateLimit', { max: String(CHAT_IMAGE_LIMITS.perWindow), minutes: String(CHAT_IMAGE_LIMITS.windowMs / 60_000) });
  }
}
