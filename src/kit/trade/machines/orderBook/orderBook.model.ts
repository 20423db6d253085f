import { orderBookMachine } from './orderBook.machine';
import type { DepthDelta, DepthSnapshot } from './orderBook.types';
import { machineModel, typedValues } from '../../../../app/machines/modelEvents';

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

export const orderBookModel = machineModel(orderBookMachine, [{ name: 'btc_usdt depth', input: { channel } }], [
  { type: 'book.snapshot', message: SNAPSHOT_FIXTURE },
  ...typedValues('book.deltas', [[NEXT_DELTA], [STALE_DELTA], [GAP_DELTA], FRAME_OF_DELTAS], 'messages'),
  { type: 'connection.lost' },
  { type: 'connection.restored' },
  ...typedValues('book.group', [0, undefined], 'places'),
  { type: 'xstate.error.actor.depthFeed', error: new Error('subscribe failed') },
]);
