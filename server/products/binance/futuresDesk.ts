import { DEFAULT_FUTURES_LEVERAGE } from '../../../domain/futures/api.js';
import { translate, type MessageKey } from '../../kernel/platform/i18n/messages.js';
import type { Offers } from '../../kernel/platform/offers.js';
import { clientOrders, derivedClientId } from './clientOrders.js';
import { BinanceError, invalidSymbol, orderMissing, orderRejected, unknownError } from './errors.js';
import { futuresAsset, positionRisk } from './futuresShapes.js';
import { integerParam, required, type Params } from './params.js';

type Lang = Parameters<typeof translate>[0];

const MARGIN_FAIL: Partial<Record<MessageKey, () => BinanceError>> = {
  futuresInsufficientMargin: () => new BinanceError(400, -2019, 'Margin is insufficient.'),
};

/**
 * What the futures dialect's routes share: the futures product's offer (its engine and reads), the
 * pair of a Binance symbol, a user's orders, settings, account and positions, and our client order ids.
 */
export function futuresDesk(offers: Offers) {
  const desk = () => {
    const offered = offers.use('futuresTrading');
    if (!offered) throw unknownError();
    return offered;
  };
  const channel = async <T>(name: string) => (await offers.use('channels')?.snapshot(name)) as T | undefined;
  let ids: ReturnType<typeof clientOrders> | undefined;
  const clientIds = () => (ids ??= clientOrders(desk().exchange.db));
  const pairs = () => [...desk().exchange.pairs.values()];
  /** A contract's halt reason while an operator has it halted (issue 52 §1), as the futures intake reads it. */
  const haltOf = (symbol: string) => desk().exchange.halted.get(symbol);

  function pairOf(symbol: string | undefined) {
    for (const pair of desk().exchange.pairs.values()) if (`${pair.spec.left}${pair.spec.right}` === symbol?.toUpperCase()) return pair;
    throw invalidSymbol();
  }
  const refusal = (lang: Lang, key: MessageKey, vars?: Record<string, string>) => MARGIN_FAIL[key]?.() ?? orderRejected(translate(lang, key, vars));

  async function mayTrade(userId: number, lang: Lang) {
    if (!(await desk().service.canTrade(userId))) throw orderRejected(translate(lang, 'futuresNoTradingPermission'));
  }
  async function findOrder(userId: number, params: Params) {
    const pair = pairOf(required(params, 'symbol'));
    const orderId = integerParam(params, 'orderId', 1);
    const clientId = params['origClientOrderId'];
    const id = orderId ?? (clientId ? await clientIds().orderOf(userId, 'futures', clientId) : (required(params, 'orderId') as never));
    if (id === undefined) throw orderMissing();
    const order = await desk().service.order(userId, id);
    if (!order.ok || order.data.symbol !== pair.spec.symbol) throw orderMissing();
    return order.data;
  }
  async function clientIdOf<T extends { id: number }>(userId: number, orders: T[]) {
    const known = await clientIds().idsOf(userId, 'futures', orders.map((o) => o.id));
    return (o: T) => known.get(o.id) ?? derivedClientId(o.id);
  }
  async function orders(userId: number, symbol: string | undefined, open: boolean) {
    const list = [];
    for (let page = 1; ; page++) {
      const got = await desk().service.orders(userId, { page, size: 50, symbol, open, ...(open ? {} : { days: 30 }) });
      list.push(...got.list);
      if (got.list.length < 50 || list.length >= 1000) return list;
    }
  }
  function settingsOf(userId: number, symbol: string) {
    const config = desk().service.config(symbol, userId);
    if (!config.ok) throw invalidSymbol();
    return config.data;
  }
  async function accountOf(userId: number) {
    const account = await desk().service.account(userId);
    return { account, asset: futuresAsset(account, Date.now()) };
  }
  const allPositions = (userId: number, symbol?: string) => {
    const open = desk().service.positions(userId);
    const now = Date.now();
    return pairs()
      .filter((pair) => symbol === undefined || `${pair.spec.left}${pair.spec.right}` === symbol.toUpperCase())
      .map((pair) => {
        const settings = settingsOf(userId, pair.spec.symbol);
        return positionRisk(open.find((p) => p.symbol === pair.spec.symbol), pair.spec.symbol, settings.leverage ?? DEFAULT_FUTURES_LEVERAGE, settings.margin_mode ?? 'cross', now);
      });
  };
  const premium = (pair: { spec: { symbol: string; left: string; right: string } }) => {
    const config = settingsOf(0, pair.spec.symbol);
    return {
      symbol: `${pair.spec.left}${pair.spec.right}`,
      markPrice: config.mark_price ?? '0',
      indexPrice: config.index_price ?? '0',
      estimatedSettlePrice: config.index_price ?? '0',
      lastFundingRate: config.funding_rate,
      interestRate: '0',
      nextFundingTime: config.next_funding_ms,
      time: Date.now(),
    };
  };

  return { desk, channel, clientIds, pairs, haltOf, pairOf, refusal, mayTrade, findOrder, clientIdOf, orders, settingsOf, accountOf, allPositions, premium };
}

export type FuturesDesk = ReturnType<typeof futuresDesk>;
