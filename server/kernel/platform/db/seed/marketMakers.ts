/**
 * The market makers' starting funds (about 50 million USDT's worth of each listed coin at the
 * seed prices), deposited once across the chain boundary like any deposit, so the ledger adds up.
 */
export const MARKET_MAKER_ACCOUNTS = {
  quoter: 'market-maker.quotes@openex.internal',
  taker: 'market-maker.taker@openex.internal',
} as const;

export const MARKET_MAKER_FUNDING: Record<string, string> = {
  USDT: '50000000',
  BTC: '520',
  ETH: '14650',
  BNB: '80850',
  SOL: '274200',
  XRP: '21605000',
  DOGE: '154240000',
  ADA: '52515000',
  TRX: '198820000',
  LTC: '477900',
};
