import type { FastifyInstance } from 'fastify';
import type { FeeProduct } from '../../../domain/fees.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { feeRateOf } from '../../kernel/platform/fees/feeRates.js';
import type { binanceContext } from './context.js';
import { invalidSymbol } from './errors.js';
import { required } from './params.js';
import { pairDirectory } from './symbols.js';

/** A rate as Binance writes commissions: a decimal string with 8 places ("0.00100000", "-0.00020000"). */
export const commissionText = (rate: string) => {
  const negative = rate.startsWith('-');
  const [int, frac = ''] = (negative ? rate.slice(1) : rate).split('.');
  return `${negative ? '-' : ''}${int}.${frac.padEnd(8, '0').slice(0, 8)}`;
};

/**
 * The user's own commission rates (issue 52 §2) as Binance documents them: spot's
 * `GET /api/v3/account/commission` (standard, special and tax commissions, and the discount),
 * futures' `GET /fapi/v1/commissionRate`. The rates are the user's tier's or override's in the
 * symbol, from the kernel's rate cache (the same the settlement charges); buyer and seller
 * commissions, taxes and BNB discounts we have none of, so they are zero.
 */
export function commissionRoutes(db: Database, context: ReturnType<typeof binanceContext>) {
  const pairs = pairDirectory(db);
  /** Our market of a Binance symbol in `product` (spot: tradable; futures: a contract), or Binance's -1121. */
  async function marketOf(product: FeeProduct, symbol: string | undefined) {
    const pair = await pairs.pair(symbol);
    if (product === 'futures' ? pair.contract_status !== 1 : pair.trade_status !== 1) throw invalidSymbol();
    return { ours: `${pair.left_symbol}_${pair.right_symbol}`, theirs: `${pair.left_symbol}${pair.right_symbol}` };
  }
  const zero = { maker: commissionText('0'), taker: commissionText('0'), buyer: commissionText('0'), seller: commissionText('0') };

  return async (app: FastifyInstance) => {
    const route = context.routes(app);

    route.read('/api/v3/account/commission', ['symbol'], async ({ userId, params }) => {
      const market = await marketOf('spot', required(params, 'symbol'));
      const rate = await feeRateOf(db, db, 'spot', market.ours, userId);
      return {
        symbol: market.theirs,
        standardCommission: { maker: commissionText(rate.maker), taker: commissionText(rate.taker), buyer: commissionText('0'), seller: commissionText('0') },
        specialCommission: zero,
        taxCommission: zero,
        discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: commissionText('0') },
      };
    });

    route.read('/fapi/v1/commissionRate', ['symbol'], async ({ userId, params }) => {
      const market = await marketOf('futures', required(params, 'symbol'));
      const rate = await feeRateOf(db, db, 'futures', market.ours, userId);
      return { symbol: market.theirs, makerCommissionRate: rate.maker, takerCommissionRate: rate.taker };
    });
  };
}
