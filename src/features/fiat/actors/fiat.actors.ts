import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { FIAT_PATHS, fiatChatImagePath, type AdStatus, type FiatAd, type FiatAdsQuery, type FiatAppeal, type FiatChatMessage, type FiatMethod, type FiatMyAdsPage, type FiatOrder, type FiatStanding, type FiatStreamMessage } from '../../../../domain/fiat';
import type { Page } from '../../../../domain/wallet';
import { TWO_FACTOR_PATHS, type TwoFactorStatus } from '../../../../domain/twoFactor';
import type { UserStreamHub } from '../../../app/actors/userStream.actor';
import type { ApiClient } from '../../../services/api';
import { fetchImageDataUrl, photoAsDataUrl } from '../../../services/identityPhotos';
import type { SayInput, SentMessage } from '../machines/fiatChat/fiatChat.machine';
import type { AppealInput, LoadedOrder, OrderStepInput } from '../machines/fiatOrderShared';
import type { MyAdsData, PublishInput } from '../machines/adForm/adForm.machine';
import type { ResolveInput } from '../machines/fiatAppeals/fiatAppeals.machine';
import type { LegalTradePatch, LegalTradeSettings } from '../../../../domain/fiatSettings';
import { pageLoader } from '../../../app/machines/pagedList/pagedList.machine';
import type { FiatListFilter, FiatRow } from '../machines/fiatList/fiatList.filter';
import type { TakeData, TakeInput } from '../machines/fiatTake/fiatTake.machine';
import type { ProvenActInput } from '../machines/provenAct/provenAct.machine';

/** A pushed fiat order, if the payload is one (the hub forwards other products' messages unparsed). */
export function parsePushedOrder(payload: unknown): FiatOrder | undefined {
  const order = (payload as Partial<FiatStreamMessage> | undefined)?.order;
  return order && typeof order.id === 'number' && typeof order.status === 'string' && typeof order.server_now === 'number' ? order : undefined;
}

/** A pushed chat message, if the payload is one. */
export function parsePushedChat(payload: unknown): FiatChatMessage | undefined {
  const chat = (payload as Partial<FiatStreamMessage> | undefined)?.chat;
  return chat && typeof chat.id === 'number' && typeof chat.order_id === 'number' && typeof chat.text === 'string' ? chat : undefined;
}

/** Reads an order's chat images with a token read at call time (an <img src> cannot send the header). */
export interface ImageAccess {
  getToken: () => string | undefined;
  getLang: () => string;
}

/** The chat's effects for one viewer: the parties over `api`, the operator with its own token. */
export function createFiatChatActors(api: ApiClient, hub: UserStreamHub, access: ImageAccess) {
  return {
    loadChat: fromPromise<FiatChatMessage[], { orderId: number }>(({ input, signal }) => api.post<FiatChatMessage[]>(FIAT_PATHS.chat, { order_id: input.orderId }, signal)),
    say: fromPromise<SentMessage, SayInput>(async ({ input, signal }) => {
      const image = input.image ? await photoAsDataUrl(input.image, signal) : undefined;
      const message = await api.post<FiatChatMessage>(FIAT_PATHS.say, { order_id: input.orderId, ...(input.text ? { text: input.text } : {}), ...(image ? { image } : {}) }, signal);
      return { message, imageUrl: image };
    }),
    fetchImage: fromPromise<string, { orderId: number; messageId: number }>(({ input, signal }) =>
      fetchImageDataUrl(fiatChatImagePath(input.orderId, input.messageId), access.getToken(), access.getLang(), signal),
    ),
    chatUpdates: fromCallback<EventObject, { orderId: number }>(({ sendBack, input }) =>
      hub.listen((event) => {
        if (event.type === 'stream.resync') return sendBack({ type: 'chat.resync' });
        if (event.type !== 'stream.product' || event.kind !== 'fiat') return;
        const message = parsePushedChat(event.payload);
        if (message && message.order_id === input.orderId) sendBack({ type: 'chat.pushed', message });
      }),
    ),
  };
}

/** Promise actors for the P2P calls (docs/API.md "P2P fiat"); each honours `signal`. */
export function createFiatActors(api: ApiClient, hub: UserStreamHub) {
  const step = (path: string) => fromPromise<FiatOrder, OrderStepInput>(({ input, signal }) => api.post<FiatOrder>(path, { order_id: input.orderId }, signal, undefined, input.idempotencyKey));
  /** Whether the user has 2FA on (the proof then asks for the code). */
  const twoFactorOn = async (signal: AbortSignal) => (await api.post<TwoFactorStatus>(TWO_FACTOR_PATHS.status, {}, signal)).enabled;
  /** The same, beside a page's own reads: not known (undefined) when it fails, so the page still opens and the code field is offered. */
  const twoFactorIfKnown = (signal: AbortSignal) => twoFactorOn(signal).catch((): undefined => undefined);
  return {
    readTwoFactor: fromPromise<boolean>(({ signal }) => twoFactorOn(signal)),
    fetchAds: fromPromise<Page<FiatAd>, FiatAdsQuery>(({ input, signal }) => api.post<Page<FiatAd>>(FIAT_PATHS.ads, input as object, signal)),
    loadTake: fromPromise<TakeData, { adId: number }>(async ({ input, signal }) => {
      const [ad, methods, twoFactor] = await Promise.all([api.post<FiatAd>(FIAT_PATHS.ad, { ad_id: input.adId }, signal), api.post<FiatMethod[]>(FIAT_PATHS.methods, {}, signal), twoFactorIfKnown(signal)]);
      return { ad, methods, twoFactor };
    }),
    submitTake: fromPromise<FiatOrder, TakeInput>(({ input, signal }) => api.post<FiatOrder>(FIAT_PATHS.take, input.request as object, signal, undefined, input.idempotencyKey)),
    loadOrder: fromPromise<LoadedOrder, { orderId: number }>(async ({ input, signal }) => ({ order: await api.post<FiatOrder>(FIAT_PATHS.order, { order_id: input.orderId }, signal), receivedAt: Date.now() })),
    markPaid: step(FIAT_PATHS.markPaid),
    cancelOrder: step(FIAT_PATHS.cancel),
    /** The seller's release with its proof (issue 49 §2), under the order's one idempotency key. */
    releaseOrder: fromPromise<FiatOrder, ProvenActInput<OrderStepInput>>(({ input, signal }) =>
      api.post<FiatOrder>(FIAT_PATHS.release, { order_id: input.subject.orderId, ...input.proof }, signal, undefined, input.subject.idempotencyKey),
    ),
    appealOrder: fromPromise<FiatOrder, AppealInput>(({ input, signal }) => api.post<FiatOrder>(FIAT_PATHS.appeal, { order_id: input.orderId, reason: input.reason }, signal)),
    loadMine: fromPromise<MyAdsData, { page: number; size: number }>(async ({ input, signal }) => {
      const [ads, methods, standing, twoFactor] = await Promise.all([
        api.post<FiatMyAdsPage>(FIAT_PATHS.myAds, { page: input.page, size: input.size }, signal),
        api.post<FiatMethod[]>(FIAT_PATHS.methods, {}, signal),
        api.post<FiatStanding>(FIAT_PATHS.standing, {}, signal),
        twoFactorIfKnown(signal),
      ]);
      return { ads, methods, standing, twoFactor };
    }),
    publishAd: fromPromise<FiatAd, PublishInput>(({ input, signal }) => api.post<FiatAd>(FIAT_PATHS.publish, input.request as object, signal, undefined, input.idempotencyKey)),
    changeStatus: fromPromise<FiatAd, { adId: number; status: AdStatus }>(({ input, signal }) => api.post<FiatAd>(FIAT_PATHS.adStatus, { ad_id: input.adId, status: input.status }, signal)),
    /** A sell ad online again, with its proof (issue 49 §2). */
    resumeAd: fromPromise<FiatAd, ProvenActInput<{ adId: number; status: AdStatus }>>(({ input, signal }) =>
      api.post<FiatAd>(FIAT_PATHS.adStatus, { ad_id: input.subject.adId, status: input.subject.status, ...input.proof }, signal),
    ),
    /** A page of the user's fiat orders or fiat-account records (the shared paged list's `loadPage`). */
    fetchList: pageLoader<FiatListFilter, FiatRow>(({ filter, page, size }, signal) =>
      filter.source.kind === 'orders'
        ? api.post<Page<FiatRow>>(FIAT_PATHS.orders, { tab: filter.tab, days: filter.days, page, size }, signal)
        : api.post<Page<FiatRow>>(FIAT_PATHS.records, { days: filter.days, page, size }, signal),
    ),
    /** The private channel's fiat pushes for one order, as `order.pushed` events. */
    orderUpdates: fromCallback<EventObject, { orderId: number }>(({ sendBack, input }) =>
      hub.listen((event) => {
        if (event.type !== 'stream.product' || event.kind !== 'fiat') return;
        const order = parsePushedOrder(event.payload);
        if (order && order.id === input.orderId) sendBack({ type: 'order.pushed', order, receivedAt: Date.now() });
      }),
    ),
    /** Any fiat push, as `list.reload` (the lists read their page again at once). */
    listUpdates: fromCallback<EventObject>(({ sendBack }) =>
      hub.listen((event) => {
        if (event.type === 'stream.product' && event.kind === 'fiat') sendBack({ type: 'list.reload' });
      }),
    ),
  };
}

export function createOperatorFiatActors(operatorApi: ApiClient) {
  return {
    fetchAppeals: fromPromise<FiatAppeal[]>(({ signal }) => operatorApi.post<FiatAppeal[]>(FIAT_PATHS.operatorAppeals, {}, signal)),
    resolveAppeal: fromPromise<FiatOrder, ResolveInput & { code?: string }>(({ input, signal }) => operatorApi.post<FiatOrder>(FIAT_PATHS.operatorResolve, input as object, signal)),
    fetchSettings: fromPromise<LegalTradeSettings>(({ signal }) => operatorApi.post<LegalTradeSettings>(FIAT_PATHS.operatorTradeSettings, {}, signal)),
    saveSettings: fromPromise<LegalTradeSettings, LegalTradePatch>(({ input, signal }) => operatorApi.post<LegalTradeSettings>(FIAT_PATHS.operatorLegalTrade, input, signal)),
  };
}
