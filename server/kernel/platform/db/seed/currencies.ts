import type { Currency } from '../../../../../domain/api.js';

/**
 * Listed coins. `price` is the USDT reference price the market makers start quoting around
 * (the live price then comes from trades); supply feeds the market value column.
 */
export type SeedCurrency = Currency;

export const SEED_CURRENCIES: SeedCurrency[] = [
  { symbol: 'USDT', name: 'Tether USD', price: '1', recharge_turn: 1, draw_turn: 1, legal_status: 1, circulating_supply: '140000000000' },
  { symbol: 'BTC', name: 'Bitcoin', price: '96250.5', recharge_turn: 1, draw_turn: 1, legal_status: 1, circulating_supply: '19900000' },
  { symbol: 'ETH', name: 'Ethereum', price: '3412.8', recharge_turn: 1, draw_turn: 1, legal_status: 1, circulating_supply: '120500000' },
  { symbol: 'BNB', name: 'BNB', price: '618.4', recharge_turn: 1, draw_turn: 1, legal_status: 0, circulating_supply: '145000000' },
  { symbol: 'SOL', name: 'Solana', price: '182.35', recharge_turn: 1, draw_turn: 1, legal_status: 0, circulating_supply: '480000000' },
  { symbol: 'XRP', name: 'XRP', price: '2.3142', recharge_turn: 1, draw_turn: 1, legal_status: 0, circulating_supply: '57000000000' },
  { symbol: 'DOGE', name: 'Dogecoin', price: '0.32417', recharge_turn: 1, draw_turn: 1, legal_status: 0, circulating_supply: '148000000000' },
  { symbol: 'ADA', name: 'Cardano', price: '0.9521', recharge_turn: 1, draw_turn: 1, legal_status: 0, circulating_supply: '35500000000' },
  { symbol: 'TRX', name: 'TRON', price: '0.25148', recharge_turn: 1, draw_turn: 0, legal_status: 0, circulating_supply: '86000000000' },
  { symbol: 'LTC', name: 'Litecoin', price: '104.62', recharge_turn: 0, draw_turn: 1, legal_status: 0, circulating_supply: '75500000' },
];
