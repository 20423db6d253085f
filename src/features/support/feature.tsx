import { defineFeature, page } from '../../app/feature';
import { SupportContext } from './support.context';

/** Notifications (/inform and the header bell), the help centre (/user/helpcenter) and the platform notes. */
export const supportFeature = defineFeature({
  id: 'support',
  context: SupportContext,
  routes: {
    site: [{ path: 'inform', page: page(() => import('./views/inform/InformPage'), 'InformPage') }],
    user: [
      { path: 'helpcenter', page: page(() => import('./views/help/HelpCenterPage'), 'HelpCenterPage'), menu: { labelKey: 'menu.user.help', group: 'menu.user.helpGroup', place: 50 } },
      { path: 'helpDetail/:id?', page: page(() => import('./views/help/HelpDetailPage'), 'HelpDetailPage') },
    ],
  },
  // The machines and their effects load with the product's first page, or when the header bell or
  // the footer first needs them (support.flows.ts).
  load: () => import('./support.flows'),
});
