import { fromCallback, type EventObject } from 'xstate';
import { PAIR_LIST_CHANNEL } from '../../../domain/api';
import type { SocketClient } from '../../services/socket';

/**
 * The pair list's channel (issue 52 §1; domain/market.ts PAIR_LIST_CHANNEL): joined once the app
 * runs, it reports each valid list as `market.pairs`, so the home tickers and the markets list
 * follow a halt, a listing or a delisting without a reload. The first message is the list as the
 * server has it then (what changed between the app's fetch and the join included).
 */
export function createPairListActor(socket: SocketClient) {
  return fromCallback<EventObject>(({ sendBack }) =>
    socket.subscribe(PAIR_LIST_CHANNEL, (payload) => {
      // The check loads with the first push (out of /home's first load); pushes keep their order,
      // since each waits on the same import.
      void import('./pairListParse').then(({ parsePairList }) => {
        const pairs = parsePairList(payload);
        if (pairs) sendBack({ type: 'market.pairs', pairs });
      });
    }),
  );
}
