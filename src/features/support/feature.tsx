import { defineFeature, page } from '../../app/feature';
import { MovedUnder } from '../../app/movedRoute';
// The shell's notices slot is the product's context (support.context.ts widens it for the product's own hooks).
import { NoticesContext } from '../../app/layout/notices.context';

/**
 * Notifications (/inform and the header bell), the help centre (/user/helpcenter), the platform
 * notes, the announcements (/notices) and the console's notices desk (issue 51 §5).
 */
export const supportFeature = defineFeature({
  id: 'support',
  context: NoticesContext,
  routes: {
    site: [
      { path: 'inform', page: page(() => import('./views/inform/InformPage'), 'InformPage') },
      // Announcements (the spec's notices), written in the console's notices desk; open lists update live.
      { path: 'notices', page: page(() => import('./views/notices/NoticesPage'), 'NoticesPage') },
      { path: 'notices/:id', page: page(() => import('./views/notices/NoticeDetailPage'), 'NoticeDetailPage') },
      // The help centre typed without /user (an audit found the 404 page there): its real address, whose guard asks a visitor to sign in.
      { path: 'helpcenter', element: <MovedUnder prefix="/user" /> },
      { path: 'helpDetail/:id?', element: <MovedUnder prefix="/user" /> },
    ],
    user: [
      { path: 'helpcenter', page: page(() => import('./views/help/HelpCenterPage'), 'HelpCenterPage'), menu: { labelKey: 'menu.user.help', group: 'menu.user.helpGroup', place: 50 } },
      { path: 'helpDetail/:id?', page: page(() => import('./views/help/HelpDetailPage'), 'HelpDetailPage') },
    ],
  },
  desks: () => import('./desks').then((m) => m.desks),
  // The machines and their effects load with the product's first page, or when the header bell or
  // the footer first needs them (support.flows.ts).
  load: () => import('./support.flows'),
});
