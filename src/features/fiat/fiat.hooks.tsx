import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import type { ConfirmActActorRef } from '../../app/machines/confirmAct/confirmAct.machine';
import { useConfirmActQuestion } from '../../app/views/confirmActQuestion';
import { FiatContext } from './fiat.context';
import { canAppeal, remainingMs, type AdSide, type FiatChatMessage, type FiatCode, type FiatOrdersTab, type TakeBy } from '../../../domain/fiat';
import type { RecordDays } from '../../../domain/wallet';
import { publishProblem, type AdStatus } from '../../../domain/fiat';
import { formSells, requestOf, type AdField, type adFormMachine } from './machines/adForm/adForm.machine';
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
import { LEGAL_TRADE_FIELDS, type LegalTradeForm, type LegalTradePatch } from '../../../domain/fiatSettings';
import { takeFigures, takeProblem, takeSells, type fiatTakeMachine } from './machines/fiatTake/fiatTake.machine';
import type { ProvenActActorRef } from './machines/provenAct/provenAct.machine';

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
  const { context, ...flow } = useActorFlow(
    useActorRef(FiatContext.use().deal, { input }),
    { context: (s) => s.context, loading: (s) => s.matches('loading'), failed: (s) => s.matches('failed') },
    {
      setSide: (side: AdSide) => ({ type: 'deal.side', side }),
      setBy: (by: TakeBy) => ({ type: 'deal.by', by }),
      setCrypto: (crypto: string) => ({ type: 'deal.crypto', crypto }),
      setFiat: (fiat: FiatCode) => ({ type: 'deal.fiat', fiat }),
      setValue: (value: string) => ({ type: 'deal.value', value }),
      setPage: (page: number) => ({ type: 'deal.page', page }),
      retry: () => ({ type: 'deal.retry' }),
    },
  );
  return { ...context, ...flow };
}

/** buy-next / sell-next: one ad, the value, the method, the confirmation. */
export function useFiatTake(input: { adId: number; by?: TakeBy; value?: string }) {
  const take = FiatContext.use().take;
  const navigate = useNavigate();
  // The made order's page replaces the take page in the history (Back does not take again): the
  // machine says when, on reaching `done`; the page says how. Given once, with the actor.
  const [logic] = useState(() =>
    take.provide({ actions: { goToOrder: (_, { order }) => navigate(`/deal/${order.role === 'buyer' ? 'buy' : 'sell'}-detail/${order.id}`, { replace: true }) } }),
  );
  const { context, ...flow } = useActorFlow(
    useActorRef(logic, { input }),
    {
      context: (s) => s.context,
      loading: (s) => s.matches('loading'),
      failed: (s) => s.matches('failed'),
      confirming: (s) => s.matches('confirming'),
      submitting: (s) => s.matches('submitting'),
      done: (s) => s.matches('done'),
    },
    {
      setBy: (by: TakeBy) => ({ type: 'take.by', by }),
      setValue: (value: string) => ({ type: 'take.value', value }),
      setMethod: (methodId: number) => ({ type: 'take.method', methodId }),
      ...signals('take', ['submit', 'back', 'retry']),
      /** A sale sends the proof its dialog's fields hold (issue 49 §2); a purchase none. */
      confirm: (fundsPassword?: string, totpCode?: string) => ({ type: 'take.confirm', fundsPassword, totpCode }),
    },
  );
  return { ...context, ...flow, problem: context.value.trim() ? takeProblem(context) : undefined, figures: takeFigures(context), sells: takeSells(context) };
}

/** Seconds left of a deadline on the server's clock as seen from here. */
const secondsLeft = (deadline: number | null, now: number, offset: number) => Math.ceil(remainingMs(deadline, now, offset) / 1000);

type PartyContext = SnapshotFrom<typeof fiatBuyerMachine>['context'] | SnapshotFrom<typeof fiatSellerMachine>['context'];
type SharedStep = 'loading' | 'routing' | 'failed' | 'paid' | 'appeal' | 'completed' | 'cancelled';
type PartySnapshot = { context: PartyContext; children: Record<string, unknown>; matches(value: { flow: SharedStep }): boolean };
// The parties' children live in nested states (the appeal, the questions), which their typing does not tell apart: each is named here.

/** What both parties' pages read of their order's machine: its context, the steps of its `flow` region, and the appeal being written. */
const partyReads = {
  context: (s: PartySnapshot) => s.context,
  loading: (s: PartySnapshot) => s.matches({ flow: 'loading' }) || s.matches({ flow: 'routing' }),
  failed: (s: PartySnapshot) => s.matches({ flow: 'failed' }),
  paid: (s: PartySnapshot) => s.matches({ flow: 'paid' }),
  inAppeal: (s: PartySnapshot) => s.matches({ flow: 'appeal' }),
  completed: (s: PartySnapshot) => s.matches({ flow: 'completed' }),
  cancelled: (s: PartySnapshot) => s.matches({ flow: 'cancelled' }),
  /** The appeal a party is writing: its machine's `appeal` child, while it runs. */
  appealRef: (s: PartySnapshot) => s.children.appeal as FiatAppealActorRef | undefined,
};

/** The order and the seconds left to pay and to confirm, on the server's clock. */
const partyOrder = ({ order, now, offset }: PartyContext) => ({
  order,
  payLeft: order ? secondsLeft(order.pay_deadline, now, offset) : 0,
  confirmLeft: order ? secondsLeft(order.confirm_deadline, now, offset) : 0,
});

/**
 * buy-detail / buy-confirm: the buyer's order. `payQuestion` and `cancelQuestion` are the
 * questions before "I have paid" and a cancel (the machine's confirm-then-act children, while the
 * order is unpaid) for `ConfirmActDialog`.
 */
export function useFiatBuyer(orderId: number) {
  const { context, ...flow } = useActorFlow(
    useActorRef(FiatContext.use().buyer, { input: { orderId } }),
    {
      ...partyReads,
      unpaid: (s) => s.matches({ flow: 'unpaid' }) || s.matches({ flow: 'expiring' }),
      payQuestion: (s) => s.children.markPaid as ConfirmActActorRef | undefined,
      cancelQuestion: (s) => s.children.cancelOrder as ConfirmActActorRef | undefined,
    },
    {
      ...signals('buyer', ['pay', 'cancel', 'appeal', 'retry']),
      copy: (text: string) => ({ type: 'buyer.copy', text }),
    },
  );
  const o = context.order;
  return { ...flow, ...partyOrder(context), mayAppeal: o ? canAppeal(o, 'buyer', (context.now || Date.now()) + context.offset) : false };
}

/** sell-detail: the seller's order. `releaseQuestion` is the question before the escrow is released (with the proof), for `ProvenActDialog`. */
export function useFiatSeller(orderId: number) {
  const { context, ...flow } = useActorFlow(
    useActorRef(FiatContext.use().seller, { input: { orderId } }),
    {
      ...partyReads,
      unpaid: (s) => s.matches({ flow: 'unpaid' }),
      releaseQuestion: (s) => s.children.releaseOrder as ProvenActActorRef | undefined,
    },
    {
      ...signals('seller', ['release', 'appeal', 'retry']),
    },
  );
  return { ...flow, ...partyOrder(context) };
}

/**
 * A question that asks for the proof (provenAct: the release, a sell ad resumed), as its dialog reads
 * it: the subject while it asks or acts (undefined when idle), whether the 2FA code is asked for
 * (undefined: not known, offered), why the last Confirm was not acted on, and the two answers.
 */
export function useProvenAct<TSubject>(ref: ProvenActActorRef) {
  return useActorFlow(
    ref,
    {
      // The child holds the subject its parent asked about, which is the parent's own type.
      asked: (s) => (s.matches('idle') ? undefined : (s.context.subject as TSubject)),
      reading: (s) => s.matches('reading'),
      acting: (s) => s.matches('acting'),
      twoFactor: (s) => s.context.twoFactor,
      refusal: (s) => s.context.refusal,
    },
    {
      confirm: (fundsPassword: string, totpCode: string) => ({ type: 'provenAct.confirm', fundsPassword, totpCode }),
      cancel: () => ({ type: 'provenAct.cancel' }),
    },
  );
}

/** An order's chat: a party's (live, with a composer), or the operator's read-only copy of an appeal's messages. */
export function useFiatChat(orderId: number, messages?: FiatChatMessage[]) {
  const flows = FiatContext.use();
  const { context, ...flow } = useActorFlow(
    useActorRef(messages ? flows.deskChat : flows.chat, { input: { orderId, messages } }),
    {
      context: (s) => s.context,
      loading: (s) => s.matches({ history: 'loading' }) || s.matches({ history: 'starting' }),
      loadFailed: (s) => s.matches({ history: 'failed' }),
      sending: (s) => s.matches({ composer: 'sending' }),
      sendFailed: (s) => s.matches({ composer: 'failed' }),
      canSend: (s) => s.can({ type: 'chat.send' }),
    },
    {
      setDraft: (text: string) => ({ type: 'chat.draft', text }),
      attach: (file: File) => ({ type: 'chat.attach', file, name: file.name }),
      ...signals('chat', ['detach', 'send', 'retry', 'shrink']),
      enlarge: (id: number) => ({ type: 'chat.enlarge', id }),
    },
  );
  return { ...context, ...flow };
}

/** The appeal a party is writing (the buyer's or seller's machine's `appeal` child). */
export function useFiatAppeal(ref: FiatAppealActorRef) {
  const { context, ...flow } = useActorFlow(
    ref,
    { context: (s) => s.context, writing: (s) => s.matches('writing'), confirming: (s) => s.matches('confirming'), submitting: (s) => s.matches('submitting') },
    {
      setReason: (reason: string) => ({ type: 'appeal.reason', reason }),
      ...signals('appeal', ['submit', 'confirm', 'back', 'dismiss']),
    },
  );
  return { ...context, ...flow };
}

/** /order/legal-order, /deal/history and /wallet/log-legal. */
export function useFiatList(source: FiatListSource) {
  const list = usePagedList(FiatContext.use().list, { filter: fiatListFilter(source) });
  const senders = useMemo(
    () => ({ setTab: (tab: FiatOrdersTab) => list.setFilter({ tab }), setDays: (days: RecordDays) => list.setFilter({ days }), retry: list.reload }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- list's setFilter and reload are stable; the list object itself is new on every render
    [list.setFilter, list.reload],
  );
  return { ...list, ...list.filter, ...senders };
}

/**
 * The operator's Appeals tab. `asked` is the resolution its dialog asks about (with the operator's
 * 2FA code; `refusal` said in place), `resolving` while the server decides.
 */
export function useFiatAppeals() {
  const { context, ...flow } = useActorFlow(
    useActorRef(FiatContext.use().appeals),
    {
      context: (s) => s.context,
      loading: (s) => s.matches({ queue: 'loading' }),
      failed: (s) => s.matches({ queue: 'failed' }),
      resolving: (s) => s.matches({ resolution: 'resolving' }),
    },
    {
      select: (orderId: number) => ({ type: 'appeals.select', orderId }),
      decide: (decision: 'release' | 'return') => ({ type: 'appeals.decide', decision }),
      setReason: (reason: string) => ({ type: 'appeals.reason', reason }),
      confirm: (code: string) => ({ type: 'appeals.confirm', code }),
      ...signals('appeals', ['submit', 'retry', 'cancel']),
    },
  );
  return { ...context, ...flow, current: context.appeals.find((a) => a.order.id === context.selected) };
}

/** The operator's "Trade settings" tab: legal_trade, the form's submission, its confirmation (what changes, from and to). */
export function useFiatSettings() {
  const { context, ...flow } = useActorFlow(
    useActorRef(FiatContext.use().settings),
    { context: (s) => s.context, loading: (s) => s.matches('loading'), failed: (s) => s.matches('failed'), question: (s) => s.children.saveSettings },
    { submit: (form: LegalTradeForm) => ({ type: 'settings.submit', form }), retry: () => ({ type: 'settings.retry' }) },
  );
  // The machine invokes its `saveSettings` child from its start, so it is there for the whole tab.
  const question = useConfirmActQuestion<LegalTradePatch>(flow.question!);
  const { settings } = context;
  const patch = question.asked;
  // What the confirmation lists: each changed setting, from and to.
  const changes = settings && patch ? LEGAL_TRADE_FIELDS.filter((f) => patch[f] !== undefined).map((field) => ({ field, from: settings[field], to: patch[field]! })) : [];
  return { ...context, loading: flow.loading, failed: flow.failed, submit: flow.submit, retry: flow.retry, confirming: patch !== undefined, saving: question.acting, confirm: question.confirm, back: question.cancel, changes };
}

/**
 * /deal/my-ads: the ad form and the user's ads. `statusQuestion` (pause, a buy ad's resume) and
 * `closeQuestion` are the questions before an ad changes (the machine's confirm-then-act
 * children) for `ConfirmActDialog`; `resumeQuestion`, a sell ad's resume, asks for the proof
 * (`ProvenActDialog`).
 */
export function useAdForm(fiat: FiatCode) {
  const { context, ...flow } = useActorFlow(
    useActorRef(FiatContext.use().adForm, { input: { fiat } }),
    {
      context: (s) => s.context,
      loading: (s) => s.matches('loading'),
      failed: (s) => s.matches('failed'),
      confirming: (s) => s.matches('confirming'),
      publishing: (s) => s.matches('publishing'),
      statusQuestion: (s) => s.children.changeStatus,
      closeQuestion: (s) => s.children.closeAd,
      resumeQuestion: (s) => s.children.resumeAd as ProvenActActorRef | undefined,
    },
    {
      field: (field: AdField, value: string) => ({ type: 'ad.field', field, value }),
      method: (methodId: number, on: boolean) => ({ type: 'ad.method', methodId, on }),
      ...signals('ad', ['submit', 'back', 'retry']),
      /** A sell ad sends the proof its dialog's fields hold (issue 49 §2); a buy ad none. */
      confirm: (fundsPassword?: string, totpCode?: string) => ({ type: 'ad.confirm', fundsPassword, totpCode }),
      setStatus: (adId: number, status: AdStatus) => ({ type: 'ad.status', adId, status }),
      setPage: (page: number) => ({ type: 'ad.page', page }),
    },
  );
  return { ...context, ...flow, problem: publishProblem(requestOf(context)), sells: formSells(context) };
}

export { FiatContext };
