import { pairWatchMachine, type PairWatchInput } from './pairWatch.machine';
import { machineModel } from '../../../../app/machines/modelEvents';

// The model runs with silent stand-ins for `holding` and `following`: the market and app are never read.
const market = { send: () => undefined } as unknown as PairWatchInput['market'];
const app = {} as PairWatchInput['app'];

export const pairWatchModel = machineModel(
  pairWatchMachine,
  [
    { name: 'spot pair', input: { market, app, pair: { left: 'BTC', right: 'USDT', contract: true } } },
    { name: 'futures market', input: { market, app, pair: { left: 'BTC', right: 'USDT', contract: true, futures: true } } },
  ],
  [{ type: 'watch.retry' }, { type: 'watch.last', last: { price: '96250.5', side: 'buy' } }],
);
