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
/** A frame's worth: a stale one, then 11 and 12 in order (12 puts back the level 11 removed). */
export const FRAME_OF_DELTAS: DepthDelta[] = [
  { channel, kind: 'delta', seq: 10, bids: [['1', '1']], asks: [] },
  NEXT_DELTA,
  { channel, kind: 'delta', seq: 12, bids: [['96249.5', '3']], asks: [] },
];
/** seq 14 skips 11 to 13 (whichever of them came). */
export const GAP_DELTA: DepthDelta = { channel, kind: 'delta', seq: 14, bids: [], asks: [['96250.9', '0']] };

export const orderBookModel: MachineModel<typeof orderBookMachine> = {
  machine: orderBookMachine,
  variants: [{ name: 'btc_usdt depth', input: { channel } }],
  events: [
    { type: 'book.snapshot', message: SNAPSHOT_FIXTURE },
    { type: 'book.deltas', messages: [NEXT_DELTA] },
    { type: 'book.deltas', messages: [STALE_DELTA] },
    { type: 'book.deltas', messages: [GAP_DELTA] },
    { type: 'book.deltas', messages: FRAME_OF_DELTAS },
    { type: 'connection.lost' },
    { type: 'connection.restored' },
    { type: 'book.group', places: 0 },
    { type: 'book.group', places: undefined },
    { type: 'xstate.error.actor.depthFeed', error: new Error('subscribe failed') },
  ],
};
