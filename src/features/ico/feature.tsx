import { defineFeature, page } from '../../app/feature';
import { selectHasSession } from '../../app/machines/session/session.selectors';
import { createIcoActors, createOperatorIcoActors } from './actors/ico.actors';
import { IcoContext } from './ico.hooks';
import { icoBoardMachine } from './machines/icoBoard/icoBoard.machine';
import { icoDeskMachine } from './machines/icoDesk/icoDesk.machine';
import { icoListMachine } from './machines/icoList/icoList.machine';
import { icoSubscribeKeyMinter, icoSubscribeMachine } from './machines/icoSubscribe/icoSubscribe.machine';
import { icoThawKeyMinter, icoThawMachine } from './machines/icoThaw/icoThaw.machine';

/**
 * ICO subscription (spec §1–§5): /subscribe with the join and thaw popups, /order/sub-hold,
 * sub-end and sub-tran, /wallet/subscribe (released today and in total), /wallet/log-ico and
 * log-ico-thaw, and the operator's "ICO" tab where projects are created and edited.
 */
export const icoFeature = defineFeature({
  id: 'ico',
  context: IcoContext,
  routes: {
    site: [{ path: 'subscribe', page: page(() => import('./views/SubscribePage'), 'SubscribePage'), next: ['/order/sub-hold'] }],
    order: [
      { path: 'sub-hold', page: page(() => import('./views/IcoOrdersPage'), 'IcoOrdersPage', { tab: 'hold', key: 'hold' }) },
      { path: 'sub-end', page: page(() => import('./views/IcoOrdersPage'), 'IcoOrdersPage', { tab: 'end', key: 'end' }) },
      { path: 'sub-tran', page: page(() => import('./views/IcoRecordsPage'), 'IcoRecordsPage', { type: 'tran', key: 'tran' }) },
    ],
    wallet: [
      { path: 'subscribe', page: page(() => import('./views/IcoWalletPage'), 'IcoWalletPage') },
      { path: 'log-ico', page: page(() => import('./views/IcoRecordsPage'), 'IcoRecordsPage', { type: 'log', key: 'log' }) },
      { path: 'log-ico-thaw', page: page(() => import('./views/IcoRecordsPage'), 'IcoRecordsPage', { type: 'thaw', key: 'thaw' }) },
    ],
  },
  desks: [{ id: 'ico', label: 'ico.desk.tab', page: page(() => import('./views/operator/IcoDesk'), 'IcoDesk') }],
  provide: ({ api, operatorApi, showToast, newKey, shell }) => {
    const actors = createIcoActors(api, () => selectHasSession(shell.session.getSnapshot()));
    const operatorActors = createOperatorIcoActors(operatorApi);
    const subscribe = icoSubscribeMachine.provide({
      actors: { submitSubscription: actors.submitSubscription },
      actions: { showToast, mintIdempotencyKey: icoSubscribeKeyMinter(newKey) },
    });
    const thaw = icoThawMachine.provide({ actors: { submitThaw: actors.submitThaw }, actions: { showToast, mintIdempotencyKey: icoThawKeyMinter(newKey) } });
    return {
      board: icoBoardMachine.provide({ actors: { loadBoard: actors.loadBoard, icoSubscribe: subscribe, icoThaw: thaw }, actions: { showToast } }),
      list: icoListMachine.provide({ actors: { fetchList: actors.fetchList }, actions: { showToast } }),
      desk: icoDeskMachine.provide({ actors: { fetchProjects: operatorActors.fetchProjects, saveProject: operatorActors.saveProject }, actions: { showToast } }),
    };
  },
});
