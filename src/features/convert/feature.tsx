import { defineFeature, page } from '../../app/feature';
import { ConvertContext } from './convert.context';

/**
 * Convert (/convert): the signed-in user swaps one currency for another at a quoted rate, in one
 * step, instead of placing an order on a trade page (domain/convert.ts). Its header entry stands
 * beside Spot.
 */
export const convertFeature = defineFeature({
  id: 'convert',
  context: ConvertContext,
  routes: {
    gated: [{ path: 'convert', page: page(() => import('./views/ConvertPage'), 'ConvertPage'), menu: { labelKey: 'nav.convert', fold: 2, place: 4.5 } }],
  },
  load: () => import('./convert.flows'),
});
