import type { MarketTick, Pair, PlatConfig } from '../../../../domain/api';
import { appMachine } from './app.machine';
import type { TickChannels } from './app.types';
import { actorAnswers, machineModel } from '../modelEvents';

export const CONFIG_FIXTURE: PlatConfig = {
  communities: [{ name: 'Telegram', logo: 'telegram', link: 'https://t.me/openex' }],
  config: {
    download: { android_download_url: 'https://example.org/a.apk', ios_download_url: 'https://example.org/ios' },
    sys: { enable_phone_register: 1, site_name: 'OpenEx' },
    legal_trade: { confirm_time: 60, max_unpaid_num: 5, pay_time: 120 },
    name_check: { draw_check: 10000, draw_uncheck: 100, trust_single: 1000, trust_total: 10000, trust_uncheck: 1000 },
    service_info: { email: 'support@example.org' },
  },
};

export const PAIRS_FIXTURE: Pair[] = [
  { left_symbol: 'BTC', right_symbol: 'USDT', is_hot: 1, trade_status: 1, contract_status: 1, price_precision: 2, amount_precision: 5, min_quantity: '0.00001', min_notional: '1' },
  { left_symbol: 'ETH', right_symbol: 'USDT', is_hot: 1, trade_status: 1, contract_status: 1, price_precision: 2, amount_precision: 4, min_quantity: '0.0001', min_notional: '1' },
];

export const TICK_FIXTURE: MarketTick = {
  channel: 'btc_usdt_tick',
  pair: 'BTC_USDT',
  close: '96000.5',
  open: '95000',
  high: '97000',
  low: '94000',
  amount: '12.5',
  vol: '1200000',
  count: 42,
  increase: '0.0105',
};

const networkError = { kind: 'network' };

/** The products' tick channels as the app gets them (feature.tsx `tickers`): spot's per tradable market, then futures' per contract. */
export const TICK_CHANNELS_FIXTURE: TickChannels = (pairs) => [
  ...pairs.filter((p) => p.trade_status === 1).map((p) => `${p.left_symbol}_${p.right_symbol}_tick`.toLowerCase()),
  ...pairs.filter((p) => p.contract_status === 1).map((p) => `${p.left_symbol}_${p.right_symbol}_future_tick`.toLowerCase()),
];

export const appModel = machineModel(
  appMachine,
  [
    { name: 'market feature on', input: { marketFeature: true, tickChannels: TICK_CHANNELS_FIXTURE } },
    { name: 'market feature off, stored Japanese and JPY', input: { marketFeature: false, storedLanguage: { name: '日本語', value: 3, lang: 'ja_JP', flag: '🇯🇵' }, storedPricing: { name: 'JPY', mark: '¥' } } },
  ],
  [
    ...actorAnswers('fetchConfig', CONFIG_FIXTURE, networkError),
    ...actorAnswers('fetchCurrencies', [{ symbol: 'BTC', name: 'Bitcoin', price: '96000', recharge_turn: 1, draw_turn: 1, legal_status: 1, circulating_supply: '19900000' }], networkError),
    ...actorAnswers('fetchPairs', PAIRS_FIXTURE, { kind: 'server', serverMessage: 'System busy' }),
    ...actorAnswers('fetchUsdtPrice', { pair: 'usdt_usd', price: '1.0002', source: 'test', updated_at: '2026-11-21T00:00:00Z' }, networkError),
    ...actorAnswers('applyLanguage', undefined, new Error('i18n failed')),
    { type: 'pricing.change', name: 'EUR' },
    { type: 'language.change', lang: 'de_DE' },
    { type: 'theme.change', theme: 'light' },
    { type: 'market.tick', tick: TICK_FIXTURE },
    // The pair list's channel: the same markets, one halted (a listing's new channels are the scenario test's).
    { type: 'market.pairs', pairs: PAIRS_FIXTURE.map((p) => ({ ...p, halted_reason: p.left_symbol === 'ETH' ? 'Wallet maintenance' : null })) },
  ],
);
