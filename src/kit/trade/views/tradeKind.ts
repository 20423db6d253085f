/** Which trade page: spot, a USDT-margined contract, or seconds contracts (TradePage and its placeholder panels). */
export type TradeKind = 'spot' | 'contract' | 'seconds';
