import type { Services } from '../../app/services';
import { pagedListMachine } from '../../app/machines/pagedList/pagedList.machine';
import { confirmActing } from '../../app/machines/confirmAct/confirmAct.machine';
import { copyText } from '../../services/clipboard';
import { createStepUpReader } from '../../kit/operatorStepUp/stepUp';
import { createFiatActors, createFiatChatActors, createOperatorFiatActors } from './actors/fiat.actors';
import { fiatChatMachine } from './machines/fiatChat/fiatChat.machine';
import { adFormKeyMinter, adFormMachine } from './machines/adForm/adForm.machine';
import { fiatAppealMachine } from './machines/fiatAppeal/fiatAppeal.machine';
import { fiatAppealsMachine } from './machines/fiatAppeals/fiatAppeals.machine';
import { fiatBuyerMachine } from './machines/fiatBuyer/fiatBuyer.machine';
import { fiatDealMachine } from './machines/fiatDeal/fiatDeal.machine';
import { fiatSellerKeyMinter, fiatSellerMachine } from './machines/fiatSeller/fiatSeller.machine';
import { fiatSettingsMachine } from './machines/fiatSettings/fiatSettings.machine';
import { fiatTakeKeyMinter, fiatTakeMachine } from './machines/fiatTake/fiatTake.machine';
import { provenActing } from './machines/provenAct/provenAct.machine';

/** P2P fiat: its machines with their effects, supplied from the shared services (loaded with its pages; see defineFeature's `load`). */
export const provide = ({ api, operatorApi, operatorToken, showToast, newKey, userStream, shell, lang }: Services) => {
  const actors = createFiatActors(api, userStream);
  const operator = createOperatorFiatActors(operatorApi);
  const partyChat = createFiatChatActors(api, userStream, { getToken: () => shell.session.getSnapshot().context.token, getLang: lang });
  // The operator reads the appealed order's chat from the queue; only its images need a call.
  const deskChat = createFiatChatActors(operatorApi, userStream, { getToken: operatorToken, getLang: lang });
  const orderActors = { loadOrder: actors.loadOrder, appeal: fiatAppealMachine.provide({ actors: { appealOrder: actors.appealOrder } }), orderUpdates: actors.orderUpdates };
  const copy = (_: unknown, params: { text: string }) =>
    void copyText(params.text).then((copied) => showToast(undefined, copied ? { tone: 'success', message: { key: 'settings.copySuccess' } } : { tone: 'error', message: { key: 'settings.copyFailed' } }));
  return {
    deal: fiatDealMachine.provide({ actors: { fetchAds: actors.fetchAds }, actions: { showToast } }),
    take: fiatTakeMachine.provide({ actors: { loadTake: actors.loadTake, submitTake: actors.submitTake }, actions: { showToast, mintIdempotencyKey: fiatTakeKeyMinter(newKey) } }),
    buyer: fiatBuyerMachine.provide({
      actors: { ...orderActors, markPaid: confirmActing(actors.markPaid, showToast), cancelOrder: confirmActing(actors.cancelOrder, showToast) },
      actions: { showToast, copyText: copy },
    }),
    seller: fiatSellerMachine.provide({
      actors: { ...orderActors, releaseOrder: provenActing(actors.releaseOrder, actors.readTwoFactor, showToast) },
      actions: { showToast, mintIdempotencyKey: fiatSellerKeyMinter(newKey) },
    }),
    adForm: adFormMachine.provide({
      actors: {
        loadMine: actors.loadMine,
        publishAd: actors.publishAd,
        changeStatus: confirmActing(actors.changeStatus, showToast),
        closeAd: confirmActing(actors.changeStatus, showToast),
        resumeAd: provenActing(actors.resumeAd, actors.readTwoFactor, showToast),
      },
      actions: { showToast, mintIdempotencyKey: adFormKeyMinter(newKey) },
    }),
    list: pagedListMachine.provide({ actors: { loadPage: actors.fetchList, pushes: actors.listUpdates }, actions: { showToast } }),
    chat: fiatChatMachine.provide({ actors: partyChat }),
    deskChat: fiatChatMachine.provide({ actors: { fetchImage: deskChat.fetchImage } }),
    appeals: fiatAppealsMachine.provide({
      actors: { fetchAppeals: operator.fetchAppeals, resolveAppeal: operator.resolveAppeal, readStepUp: createStepUpReader(operatorApi) },
      actions: { showToast },
    }),
    settings: fiatSettingsMachine.provide({ actors: { fetchSettings: operator.fetchSettings, saveSettings: confirmActing(operator.saveSettings, showToast) }, actions: { showToast } }),
  };
};
