import type { Services } from '../../app/services';
import { createFuturesActors, createFuturesUpdatesActor } from './actors/futures.actors';
import { futuresRecordsMachine } from './machines/futuresRecords/futuresRecords.machine';

/** USDT-margined futures: its machines with their effects, supplied from the shared services (loaded with its pages; see defineFeature's `load`). */
export const provide = ({ api, userStream, showToast }: Services) => {
  const actors = createFuturesActors(api);
  return {
    records: futuresRecordsMachine.provide({ actors: { fetchRecords: actors.fetchRecords, futuresUpdates: createFuturesUpdatesActor(userStream) }, actions: { showToast } }),
  };
};
