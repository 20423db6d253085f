import type { ProductLedger } from '../../kernel/platform/product.js';

/**
 * Spot's part of the ledger. It trades on the kernel's `spot` account, so it declares no kind of
 * its own; its open orders (waiting, partial) hold what they froze: a buy its quote currency, a
 * sell its base. A stop holds its freeze while it waits and while it is triggered but has not yet
 * placed its order (then the order holds it: the stop's `frozen` is handed over, not moved); the
 * audit reported every waiting stop as a mismatch until it counted them (issue 49 §6).
 */
export const spotLedger: ProductLedger = {
  heldFunds: [
    {
      table: 'spot_order',
      sql: `coalesce((select sum(o.frozen) from spot_order o where o.status in (1, 2)
         and ((o.side = 'buy' and o.right_symbol = c.symbol) or (o.side = 'sell' and o.left_symbol = c.symbol))), 0)`,
    },
    {
      table: 'spot_stop',
      sql: `coalesce((select sum(s.frozen) from spot_stop s where s.freeze_currency = c.symbol
         and (s.status = 1 or (s.status = 2 and s.order_id is null))), 0)`,
    },
  ],
};
