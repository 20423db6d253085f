
/**
 * The USDT price of every currency: the close of the latest 1min candle of {coin}_USDT when the
 * pair has traded, else the currency list's price; USDT itself is 1. As a SQL fragment (a CTE
 * named `usdt_price` with columns symbol, sort, price) so valuations are computed in NUMERIC.
 */
export const USDT_PRICE_CTE = `usdt_price as (
  select c.symbol, c.sort,
    case when c.symbol = 'USDT' then 1::numeric else coalesce(k.close, c.price) end as price
  from currency c
  left join lateral (
    select close from candle
    where left_symbol = c.symbol and right_symbol = 'USDT' and interval = '1min'
    order by open_time desc limit 1
  ) k on true
)`;
