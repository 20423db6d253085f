import type { FiatAd, FiatAppeal, FiatChatMessage, FiatMethod, FiatOrder } from '../../../../domain/fiat';

/** Example data for the models (tests/model) and view tests. */
export const METHOD: FiatMethod = { id: 7, real_name: 'Atlas OTC', bank_name: 'Chase', card_number: '4000 1000 2000 3000', currency: 'USD', branch: '' };

export const AD: FiatAd = {
  id: 11,
  user_id: 3,
  merchant: 'Atlas OTC',
  completed: 120,
  completion_rate: '0.98',
  side: 'sell',
  crypto: 'USDT',
  fiat: 'USD',
  price_kind: 'fixed',
  fixed_price: '1.01',
  margin: null,
  price: '1.01',
  total: '1000',
  remaining: '900',
  min_amount: '10',
  max_amount: '909',
  methods: [{ id: 7, bank_name: 'Chase' }],
  terms: 'Exact amount only.',
  status: 'online',
  created_at: 1_700_000_000_000,
};

export const ORDER: FiatOrder = {
  id: 21,
  order_no: 'P231115000021',
  ad_id: 11,
  side: 'buy',
  role: 'buyer',
  buyer_id: 9,
  seller_id: 3,
  buyer_name: 'Trader',
  seller_name: 'Atlas OTC',
  crypto: 'USDT',
  fiat: 'USD',
  price: '1.01',
  quantity: '100',
  amount: '101',
  method: METHOD,
  status: 'unpaid',
  pay_deadline: 1_700_007_200_000,
  confirm_deadline: null,
  graced: false,
  created_at: 1_700_000_000_000,
  paid_at: null,
  finished_at: null,
  cancel_reason: null,
  appeal_by: null,
  appeal_reason: null,
  resolution: null,
  server_now: 1_700_000_000_000,
};

export const PAID: FiatOrder = { ...ORDER, status: 'paid', pay_deadline: null, paid_at: 1_700_000_100_000, confirm_deadline: 1_700_003_700_000 };
/** Paid, and the seller's confirmation time is over: the buyer may appeal. */
export const PAID_OVERDUE: FiatOrder = { ...PAID, confirm_deadline: 1_699_999_000_000 };
export const APPEAL: FiatOrder = { ...PAID, status: 'appeal', appeal_by: 'buyer', appeal_reason: 'No confirmation' };
export const COMPLETED: FiatOrder = { ...PAID, status: 'completed', finished_at: 1_700_000_200_000 };
export const CANCELLED: FiatOrder = { ...ORDER, status: 'cancelled', pay_deadline: null, cancel_reason: 'buyer', finished_at: 1_700_000_050_000 };

export const loaded = (order: FiatOrder) => ({ order, receivedAt: order.server_now });

export const APPEAL_CASE: FiatAppeal = {
  order: { ...APPEAL, role: 'operator' },
  buyer_methods: [],
  seller_methods: [METHOD],
  chat: [{ id: 1, order_id: 21, sender: 'buyer', text: 'Paid at 10:02', image: null, created_at: 1_700_000_100_000 }],
  timeline: [
    { at: 1_700_000_000_000, event: 'created' },
    { at: 1_700_000_100_000, event: 'markPaid' },
    { at: 1_700_003_800_000, event: 'appeal' },
  ],
};

export const CHAT_TEXT: FiatChatMessage = { id: 1, order_id: 21, sender: 'buyer', text: 'Paid at 10:02', image: null, created_at: 1_700_000_100_000 };
export const CHAT_IMAGE: FiatChatMessage = { id: 2, order_id: 21, sender: 'buyer', text: '', image: 'proof.png', created_at: 1_700_000_110_000 };
