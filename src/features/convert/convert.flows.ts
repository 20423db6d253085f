import type { Services } from '../../app/services';
import { createConvertActors } from './actors/convert.actors';
import { convertMachine } from './machines/convert/convert.machine';

/** The convert flow with its effects (defineFeature's `load`): fetched with the page. */
export const provide = ({ api, showToast }: Services) => ({
  convert: convertMachine.provide({ actors: createConvertActors(api), actions: { showToast } }),
});
