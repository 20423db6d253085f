import type { ProductLedger } from '../../kernel/product.js';

/**
 * Spot's part of the ledger. It trades on the kernel's `spot` account, so it declares no kind of
 * its own; its open orders (waiting, partial) hold what they froze: a buy its quote currency, a
 * sell its base.
 */
export const spotLedger: ProductLedger = {
  heldFunds: [
    {
      table: 'spot_order',
      sql: `coalesce((select sum(o.frozen) from spot_order o where o.status in (1, 2)
         and ((o.side = 'buy' and o.right_symbol = c.symbol) or (o.side = 'sell' and o.left_symbol = c.symbol))), 0)`,
    },
  ],
};
