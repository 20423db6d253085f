import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import { FiatContext } from './fiat.context';
import { canAppeal, remainingMs, type AdSide, type FiatChatMessage, type FiatCode, type FiatOrdersTab, type TakeBy } from '../../../domain/fiat';
import type { RecordDays } from '../../../domain/wallet';
import { publishProblem, type AdStatus } from '../../../domain/fiat';
import { requestOf, type AdField, type adFormMachine } from './machines/adForm/adForm.machine';
import type { fiatAppealsMachine } from './machines/fiatAppeals/fiatAppeals.machine';
import type { FiatAppealActorRef } from './machines/fiatAppeal/fiatAppeal.machine';
import type { fiatChatMachine } from './machines/fiatChat/fiatChat.machine';
import type { fiatBuyerMachine } from './machines/fiatBuyer/fiatBuyer.machine';
import type { fiatDealMachine } from './machines/fiatDeal/fiatDeal.machine';
import { fiatListFilter, type FiatListFilter, type FiatListSource, type FiatRow } from './machines/fiatList/fiatList.filter';
import type { TypedPagedList } from '../../app/machines/pagedList/pagedList.typed';
import { usePagedList } from '../../app/views/usePagedList';
import type { fiatSellerMachine } from './machines/fiatSeller/fiatSeller.machine';
import type { fiatSettingsMachine } from './machines/fiatSettings/fiatSettings.machine';
import { LEGAL_TRADE_FIELDS, type LegalTradeForm } from '../../../domain/fiatSettings';
import { takeFigures, takeProblem, type fiatTakeMachine } from './machines/fiatTake/fiatTake.machine';

/** The P2P flows, supplied with their effects in fiat/feature.tsx. */
export interface FiatFlows {
  deal: typeof fiatDealMachine;
  take: typeof fiatTakeMachine;
  buyer: typeof fiatBuyerMachine;
  seller: typeof fiatSellerMachine;
  /** The orders and records lists (the shared paged list over the fiat calls). */
  list: TypedPagedList<FiatListFilter, FiatRow>;
  adForm: typeof adFormMachine;
  appeals: typeof fiatAppealsMachine;
  /** The operator's legal_trade settings. */
  settings: typeof fiatSettingsMachine;
  /** A party's order chat. */
  chat: typeof fiatChatMachine;
  /** The operator's read-only view of an appealed order's chat. */
  deskChat: typeof fiatChatMachine;
}


/** /deal: the choices and the ads. */
export function useFiatDeal(input: { side?: AdSide; crypto?: string; fiat: FiatCode }) {
  const flows = FiatContext.use();
  const ref = useActorRef(flows.deal, { input });
  const context = useSelector(ref, (s) => s.context);
  const loading = useSelector(ref, (s) => s.matches('loading'));
  const failed = useSelector(ref, (s) => s.matches('failed'));
  const senders = useMemo(
    () => ({
      setSide: (side: AdSide) => ref.send({ type: 'deal.side', side }),
      setBy: (by: TakeBy) => ref.send({ type: 'deal.by', by }),
      setCrypto: (crypto: string) => ref.send({ type: 'deal.crypto', crypto }),
      setFiat: (fiat: FiatCode) => ref.send({ type: 'deal.fiat', fiat }),
      setValue: (value: string) => ref.send({ type: 'deal.value', value }),
      setPage: (page: number) => ref.send({ type: 'deal.page', page }),
      retry: () => ref.send({ type: 'deal.retry' }),
    }),
    [ref],
  );
  return { ...context, ...senders, loading, failed };
}

/** buy-next / sell-next: one ad, the value, the method, the confirmation. */
export function useFiatTake(input: { adId: number; by?: TakeBy; value?: string }) {
  const flows = FiatContext.use();
  const ref = useActorRef(flows.take, { input });
  const context = useSelector(ref, (s) => s.context);
  const state = useSelector(ref, (s) => ({
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    confirming: s.matches('confirming'),
    submitting: s.matches('submitting'),
    done: s.matches('done'),
  }));
  const senders = useMemo(
    () => ({
      setBy: (by: TakeBy) => ref.send({ type: 'take.by', by }),
      setValue: (value: string) => ref.send({ type: 'take.value', value }),
      setMethod: (methodId: number) => ref.send({ type: 'take.method', methodId }),
      submit: () => ref.send({ type: 'take.submit' }),
      confirm: () => ref.send({ type: 'take.confirm' }),
      back: () => ref.send({ type: 'take.back' }),
      retry: () => ref.send({ type: 'take.retry' }),
    }),
    [ref],
  );
  return { ...context, ...state, ...senders, problem: context.value.trim() ? takeProblem(context) : undefined, figures: takeFigures(context) };
}

/** Seconds left of a deadline on the server's clock as seen from here. */
const secondsLeft = (deadline: number | null, now: number, offset: number) => Math.ceil(remainingMs(deadline, now, offset) / 1000);

type PartyContext = SnapshotFrom<typeof fiatBuyerMachine>['context'] | SnapshotFrom<typeof fiatSellerMachine>['context'];
type SharedStep = 'loading' | 'routing' | 'failed' | 'paid' | 'appeal' | 'completed' | 'cancelled';

/** The steps both parties' orders go through (their machines' `flow` region). */
const partySteps = (s: { matches(value: { flow: SharedStep }): boolean }) => ({
  loading: s.matches({ flow: 'loading' }) || s.matches({ flow: 'routing' }),
  failed: s.matches({ flow: 'failed' }),
  paid: s.matches({ flow: 'paid' }),
  inAppeal: s.matches({ flow: 'appeal' }),
  completed: s.matches({ flow: 'completed' }),
  cancelled: s.matches({ flow: 'cancelled' }),
});

/** The appeal a party is writing: its machine's `appeal` child, while it runs. */
const appealOf = (s: { children: Record<string, unknown> }) => s.children.appeal as FiatAppealActorRef | undefined;

/** The order and the seconds left to pay and to confirm, on the server's clock. */
const partyOrder = ({ order, now, offset }: PartyContext) => ({
  order,
  payLeft: order ? secondsLeft(order.pay_deadline, now, offset) : 0,
  confirmLeft: order ? secondsLeft(order.confirm_deadline, now, offset) : 0,
});

/** buy-detail / buy-confirm: the buyer's order. */
export function useFiatBuyer(orderId: number) {
  const flows = FiatContext.use();
  const ref = useActorRef(flows.buyer, { input: { orderId } });
  const context = useSelector(ref, (s) => s.context);
  const appealRef = useSelector(ref, appealOf);
  const step = useSelector(ref, (s) => ({
    ...partySteps(s),
    unpaid: s.matches({ flow: 'unpaid' }) || s.matches({ flow: 'expiring' }),
    confirmingPay: s.matches({ flow: { unpaid: 'confirmingPay' } }),
    paying: s.matches({ flow: { unpaid: 'paying' } }),
    confirmingCancel: s.matches({ flow: { unpaid: 'confirmingCancel' } }),
    cancelling: s.matches({ flow: { unpaid: 'cancelling' } }),
  }));
  const senders = useMemo(
    () => ({
      pay: () => ref.send({ type: 'buyer.pay' }),
      cancel: () => ref.send({ type: 'buyer.cancel' }),
      appeal: () => ref.send({ type: 'buyer.appeal' }),
      confirm: () => ref.send({ type: 'buyer.confirm' }),
      back: () => ref.send({ type: 'buyer.back' }),
      retry: () => ref.send({ type: 'buyer.retry' }),
      copy: (text: string) => ref.send({ type: 'buyer.copy', text }),
    }),
    [ref],
  );
  const o = context.order;
  return { ...step, ...senders, ...partyOrder(context), appealRef, mayAppeal: o ? canAppeal(o, 'buyer', (context.now || Date.now()) + context.offset) : false };
}

/** sell-detail: the seller's order. */
export function useFiatSeller(orderId: number) {
  const flows = FiatContext.use();
  const ref = useActorRef(flows.seller, { input: { orderId } });
  const context = useSelector(ref, (s) => s.context);
  const appealRef = useSelector(ref, appealOf);
  const step = useSelector(ref, (s) => ({
    ...partySteps(s),
    unpaid: s.matches({ flow: 'unpaid' }),
    confirmingRelease: s.matches({ flow: { paid: 'confirmingRelease' } }) || s.matches({ flow: { appeal: 'confirmingRelease' } }),
    releasing: s.matches({ flow: { paid: 'releasing' } }) || s.matches({ flow: { appeal: 'releasing' } }),
    releaseFailed: s.matches({ flow: { paid: 'failed' } }),
  }));
  const senders = useMemo(
    () => ({
      release: () => ref.send({ type: 'seller.release' }),
      appeal: () => ref.send({ type: 'seller.appeal' }),
      confirm: () => ref.send({ type: 'seller.confirm' }),
      back: () => ref.send({ type: 'seller.back' }),
      retry: () => ref.send({ type: 'seller.retry' }),
    }),
    [ref],
  );
  return { ...step, ...senders, ...partyOrder(context), appealRef };
}

/** An order's chat: a party's (live, with a composer), or the operator's read-only copy of an appeal's messages. */
export function useFiatChat(orderId: number, messages?: FiatChatMessage[]) {
  const flows = FiatContext.use();
  const ref = useActorRef(messages ? flows.deskChat : flows.chat, { input: { orderId, messages } });
  const context = useSelector(ref, (s) => s.context);
  const state = useSelector(ref, (s) => ({
    loading: s.matches({ history: 'loading' }) || s.matches({ history: 'starting' }),
    loadFailed: s.matches({ history: 'failed' }),
    sending: s.matches({ composer: 'sending' }),
    sendFailed: s.matches({ composer: 'failed' }),
    canSend: s.can({ type: 'chat.send' }),
  }));
  const senders = useMemo(
    () => ({
      setDraft: (text: string) => ref.send({ type: 'chat.draft', text }),
      attach: (file: File) => ref.send({ type: 'chat.attach', file, name: file.name }),
      detach: () => ref.send({ type: 'chat.detach' }),
      send: () => ref.send({ type: 'chat.send' }),
      retry: () => ref.send({ type: 'chat.retry' }),
      enlarge: (id: number) => ref.send({ type: 'chat.enlarge', id }),
      shrink: () => ref.send({ type: 'chat.shrink' }),
    }),
    [ref],
  );
  return { ...context, ...state, ...senders };
}

/** The appeal a party is writing (the buyer's or seller's machine's `appeal` child). */
export function useFiatAppeal(ref: FiatAppealActorRef) {
  const context = useSelector(ref, (s) => s.context);
  const state = useSelector(ref, (s) => ({ writing: s.matches('writing'), confirming: s.matches('confirming'), submitting: s.matches('submitting') }));
  const senders = useMemo(
    () => ({
      setReason: (reason: string) => ref.send({ type: 'appeal.reason', reason }),
      submit: () => ref.send({ type: 'appeal.submit' }),
      confirm: () => ref.send({ type: 'appeal.confirm' }),
      back: () => ref.send({ type: 'appeal.back' }),
      dismiss: () => ref.send({ type: 'appeal.dismiss' }),
    }),
    [ref],
  );
  return { ...context, ...state, ...senders };
}

/** /order/legal-order, /deal/history and /wallet/log-legal. */
export function useFiatList(source: FiatListSource) {
  const list = usePagedList(FiatContext.use().list, { filter: fiatListFilter(source) });
  const senders = useMemo(
    () => ({ setTab: (tab: FiatOrdersTab) => list.setFilter({ tab }), setDays: (days: RecordDays) => list.setFilter({ days }), retry: list.reload }),
    [list.setFilter, list.reload],
  );
  return { ...list, ...list.filter, ...senders };
}

/** The operator's Appeals tab. */
export function useFiatAppeals() {
  const flows = FiatContext.use();
  const ref = useActorRef(flows.appeals);
  const context = useSelector(ref, (s) => s.context);
  const state = useSelector(ref, (s) => ({ loading: s.matches('loading'), confirming: s.matches('confirming'), resolving: s.matches('resolving'), failed: s.matches('failed') }));
  const senders = useMemo(
    () => ({
      select: (orderId: number) => ref.send({ type: 'appeals.select', orderId }),
      decide: (decision: 'release' | 'return') => ref.send({ type: 'appeals.decide', decision }),
      setReason: (reason: string) => ref.send({ type: 'appeals.reason', reason }),
      submit: () => ref.send({ type: 'appeals.submit' }),
      confirm: () => ref.send({ type: 'appeals.confirm' }),
      back: () => ref.send({ type: 'appeals.back' }),
      retry: () => ref.send({ type: 'appeals.retry' }),
    }),
    [ref],
  );
  return { ...context, ...state, ...senders, current: context.appeals.find((a) => a.order.id === context.selected) };
}

/** The operator's "Trade settings" tab: legal_trade, the form's submission, its confirmation. */
export function useFiatSettings() {
  const flows = FiatContext.use();
  const ref = useActorRef(flows.settings);
  const context = useSelector(ref, (s) => s.context);
  const state = useSelector(ref, (s) => ({ loading: s.matches('loading'), failed: s.matches('failed'), confirming: s.matches('confirming'), saving: s.matches('saving') }));
  const senders = useMemo(
    () => ({
      submit: (form: LegalTradeForm) => ref.send({ type: 'settings.submit', form }),
      confirm: () => ref.send({ type: 'settings.confirm' }),
      back: () => ref.send({ type: 'settings.back' }),
      retry: () => ref.send({ type: 'settings.retry' }),
    }),
    [ref],
  );
  const { settings, patch } = context;
  // What the confirmation lists: each changed setting, from and to.
  const changes = settings ? LEGAL_TRADE_FIELDS.filter((f) => patch[f] !== undefined).map((field) => ({ field, from: settings[field], to: patch[field]! })) : [];
  return { ...context, ...state, ...senders, changes };
}

/** /deal/my-ads: the ad form and the user's ads. */
export function useAdForm(fiat: FiatCode) {
  const flows = FiatContext.use();
  const ref = useActorRef(flows.adForm, { input: { fiat } });
  const context = useSelector(ref, (s) => s.context);
  const state = useSelector(ref, (s) => ({
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    confirming: s.matches('confirming'),
    publishing: s.matches('publishing'),
    confirmingStatus: s.matches('confirmingStatus'),
    changingStatus: s.matches('changingStatus'),
  }));
  const senders = useMemo(
    () => ({
      field: (field: AdField, value: string) => ref.send({ type: 'ad.field', field, value }),
      method: (methodId: number, on: boolean) => ref.send({ type: 'ad.method', methodId, on }),
      submit: () => ref.send({ type: 'ad.submit' }),
      confirm: () => ref.send({ type: 'ad.confirm' }),
      back: () => ref.send({ type: 'ad.back' }),
      setStatus: (adId: number, status: AdStatus) => ref.send({ type: 'ad.status', adId, status }),
      setPage: (page: number) => ref.send({ type: 'ad.page', page }),
      retry: () => ref.send({ type: 'ad.retry' }),
    }),
    [ref],
  );
  return { ...context, ...state, ...senders, problem: publishProblem(requestOf(context)) };
}

export { FiatContext };
