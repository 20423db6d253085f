import type { MachineModel } from '../../../../app/machines/model.types';
import { orderBookMachine } from './orderBook.machine';
import type { DepthDelta, DepthSnapshot } from './orderBook.types';

const channel = 'btc_usdt_depth';

export const SNAPSHOT_FIXTURE: DepthSnapshot = {
  channel,
  kind: 'snapshot',
  seq: 10,
  bids: [
    ['96250.1', '0.4213'],
    ['96249.5', '1.2'],
  ],
  asks: [
    ['96250.9', '0.1102'],
    ['96251.0', '2'],
  ],
};

/** seq 11 follows the snapshot: removes a bid level and adds an ask level. */
export const NEXT_DELTA: DepthDelta = { channel, kind: 'delta', seq: 11, bids: [['96249.5', '0']], asks: [['96252', '0.5']] };
/** seq 9 is older than the snapshot. */
export const STALE_DELTA: DepthDelta = { channel, kind: 'delta', seq: 9, bids: [['96000', '9']], asks: [] };
/** seq 13 skips 11 and 12. */
export const GAP_DELTA: DepthDelta = { channel, kind: 'delta', seq: 13, bids: [], asks: [['96250.9', '0']] };

export const orderBookModel: MachineModel<typeof orderBookMachine> = {
  machine: orderBookMachine,
  variants: [{ name: 'btc_usdt depth', input: { channel } }],
  events: [
    { type: 'book.snapshot', message: SNAPSHOT_FIXTURE },
    { type: 'book.delta', message: NEXT_DELTA },
    { type: 'book.delta', message: STALE_DELTA },
    { type: 'book.delta', message: GAP_DELTA },
    { type: 'connection.lost' },
    { type: 'connection.restored' },
    { type: 'book.group', places: 0 },
    { type: 'book.group', places: undefined },
    { type: 'xstate.error.actor.depthFeed', error: new Error('subscribe failed') },
  ],
};
