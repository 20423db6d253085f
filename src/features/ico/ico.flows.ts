import type { Services } from '../../app/services';
import { pagedListMachine } from '../../app/machines/pagedList/pagedList.machine';
import { selectHasSession } from '../../app/machines/session/session.selectors';
import { createIcoActors, createIcoUpdatesActor, createOperatorIcoActors } from './actors/ico.actors';
import { icoBoardMachine } from './machines/icoBoard/icoBoard.machine';
import { icoDeskMachine } from './machines/icoDesk/icoDesk.machine';
import { icoSubscribeKeyMinter, icoSubscribeMachine } from './machines/icoSubscribe/icoSubscribe.machine';
import { icoThawKeyMinter, icoThawMachine } from './machines/icoThaw/icoThaw.machine';

/** ICO subscription: its machines with their effects, supplied from the shared services (loaded with its pages; see defineFeature's `load`). */
export const provide = ({ api, operatorApi, userStream, showToast, newKey, shell }: Services) => {
  const actors = createIcoActors(api, () => selectHasSession(shell.session.getSnapshot()));
  const operatorActors = createOperatorIcoActors(operatorApi);
  const subscribe = icoSubscribeMachine.provide({
    actors: { submitSubscription: actors.submitSubscription },
    actions: { showToast, mintIdempotencyKey: icoSubscribeKeyMinter(newKey) },
  });
  const thaw = icoThawMachine.provide({ actors: { submitThaw: actors.submitThaw }, actions: { showToast, mintIdempotencyKey: icoThawKeyMinter(newKey) } });
  return {
    board: icoBoardMachine.provide({
      actors: { loadBoard: actors.loadBoard, icoSubscribe: subscribe, icoThaw: thaw, icoUpdates: createIcoUpdatesActor(userStream) },
      actions: { showToast },
    }),
    list: pagedListMachine.provide({ actors: { loadPage: actors.fetchList }, actions: { showToast } }),
    desk: icoDeskMachine.provide({ actors: { fetchProjects: operatorActors.fetchProjects, saveProject: operatorActors.saveProject }, actions: { showToast } }),
  };
};
