import type { IcoAccount, IcoOperatorProject, IcoProject, IcoSubscription } from '../../../../domain/ico';

/** Example data for the models (tests/model) and view tests. */
export const PROJECT: IcoProject = {
  id: 1,
  symbol: 'NOVA',
  name: 'Nova Network',
  description: 'A settlement layer.',
  description_lang: 'en_US',
  description_fallback: false,
  total: '5000000',
  price: '0.05',
  token_places: 2,
  start_at: 1_700_000_000_000,
  end_at: 1_700_900_000_000,
  min_quantity: '100',
  max_quantity: '200000',
  release_rate: '0.1',
  release_period_ms: 86_400_000,
  listed: true,
  subscribed: '1200000',
  participants: 31,
  progress: '0.24',
  available: '3800000',
  status: 'in_progress',
  winning_rate: null,
  settled_at: null,
  last_price: null,
  price_increase: null,
  server_time: 1_700_100_000_000,
};

/** The operator's desk reads every language's description. */
export const OPERATOR_PROJECT: IcoOperatorProject = { ...PROJECT, descriptions: { en_US: 'A settlement layer.', ja_JP: '決済レイヤー。' } };

export const MINE: IcoSubscription = {
  project_id: 1,
  symbol: 'NOVA',
  name: 'Nova Network',
  price: '0.05',
  status: 'holding',
  end_at: 1_700_900_000_000,
  quantity: '1000',
  paid: '50',
  allocated: '800',
  refund: '10',
  winning_rate: '0.8',
  released_total: '160',
  released_today: '80',
  thawed: '80',
  thawable: '80',
  frozen: '720',
  release_rate: '0.1',
  first_at: 1_700_000_100_000,
};

export const ACCOUNT: IcoAccount = { currency: 'USDT', available: '1000', frozen: '50', tokens: [] };
