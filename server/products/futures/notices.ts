import type { NotificationKind } from '../../../domain/informHelp.js';
import { notify } from '../../kernel/platform/notifications/notify.js';
import type { Batch } from './batch.js';

/**
 * A notification to `userId` written in the batch's transaction (it commits with what it tells, or
 * not at all); after the commit (adopt.ts) the user's bell is rung and, for the kinds a user may
 * have emailed (a margin call, a liquidation, an auto-deleveraging), the email goes.
 */
export async function tell(b: Batch, userId: number, notice: { kind: NotificationKind; params: Record<string, string> }): Promise<void> {
  await notify(b.tx, userId, notice);
  b.told.push({ userId, ...notice });
}
