import type { ConvertQuote, ConvertResult } from '../../../../../domain/convert';
import { QUOTE_VALID_MS } from '../../../../../domain/convert';

const QUOTED_AT = Date.UTC(2026, 11, 1, 9, 30);

/** Paying 1,000 USDT for BTC on BTC_USDT at about 65,650: at most what was asked, at least 0.01512 BTC after the 0.1% fee. */
export const BUY_QUOTE: ConvertQuote = {
  quote_id: 41,
  from: 'USDT',
  to: 'BTC',
  symbol: 'BTC_USDT',
  side: 'buy',
  pay_max: '1000',
  pay_expected: '999.98',
  receive_min: '0.01512',
  receive_expected: '0.01521',
  rate: '0.0000152103',
  inverse_rate: '65744.91',
  fee_rate: '0.001',
  fee_currency: 'BTC',
  expires_at: QUOTED_AT + QUOTE_VALID_MS,
  valid_ms: QUOTE_VALID_MS,
};

/** What accepting BUY_QUOTE does when the book held. */
export const CONVERTED: ConvertResult = {
  quote_id: 41,
  from: 'USDT',
  to: 'BTC',
  status: 'converted',
  paid: '999.98',
  received: '0.01521',
  fee: '0.00001523',
  order_id: 9001,
  created_at: QUOTED_AT + 4_000,
};

/** What accepting it does when the book moved past the quote: nothing was converted. */
export const MOVED: ConvertResult = { ...CONVERTED, status: 'moved', paid: '0', received: '0', fee: '0', order_id: 9002 };

/** The recent conversions the model and view tests read: one earlier sale of ETH. */
export const HISTORY_FIXTURE: ConvertResult[] = [
  { quote_id: 30, from: 'ETH', to: 'USDT', status: 'converted', paid: '0.5', received: '1749.12', fee: '1.75', order_id: 8800, created_at: QUOTED_AT - 86_400_000 },
];
