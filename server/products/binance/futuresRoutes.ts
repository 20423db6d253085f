import type { FastifyInstance } from 'fastify';
import type { Offers } from '../../kernel/platform/offers.js';
import type { binanceContext } from './context.js';
import { futuresAccountRoutes } from './futuresAccountRoutes.js';
import { futuresDesk } from './futuresDesk.js';
import { futuresMarketRoutes } from './futuresMarketRoutes.js';
import { futuresTradeRoutes } from './futuresTradeRoutes.js';

/**
 * Binance's USDT-M futures REST (`/fapi/v1`, `/fapi/v2`, `/fapi/v3` where ccxt asks) over the
 * futures product's own engine and reads (offered at the composition root): the same trading
 * permission (an unverified user is refused as in the browser), the same orders, positions,
 * margin and idempotency. Split by job: public reads (futuresMarketRoutes), signed reads
 * (futuresAccountRoutes), trading (futuresTradeRoutes), what they share (futuresDesk) and the
 * mapping between our wire and Binance's (futuresShapes).
 */
export function futuresDialect(offers: Offers, context: ReturnType<typeof binanceContext>) {
  const desk = futuresDesk(offers);
  return async (app: FastifyInstance) => {
    await futuresMarketRoutes(desk, context)(app);
    await futuresAccountRoutes(desk, context)(app);
    await futuresTradeRoutes(desk, context)(app);
  };
}
