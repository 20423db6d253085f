import { lazy, Suspense } from 'react';
import { useSessionFlow } from '../views/hooks';
import type { HeaderMenuProps } from './HeaderMenus';

/**
 * The shell's parts fetched when first needed, declared here, in what /home loads, so that the
 * chunks which use them carry no loader of their own: the header menus' content and the narrow
 * screens' menu (one chunk, HeaderMenus.tsx, fetched when the pointer or the focus first comes
 * to the header, or a menu opens) with the sign-out question, a table's sideways-scroll cues
 * (ScrollCues.tsx), and a signed-in visitor's bell and account menu (SignedInCorner.tsx).
 */
export const loadMenus = () => import('./HeaderMenus');

const Menu = lazy(loadMenus);

export const SiteMenu = lazy(async () => ({ default: (await loadMenus()).SiteMenu }));

export const ScrollCues = lazy(() => import('../ui/ScrollCues'));

/** A signed-in visitor's bell and account menu (SignedInCorner.tsx), fetched once there is a session. */
const loadCorner = () => import('./SignedInCorner');
export const NotificationBell = lazy(async () => ({ default: (await loadCorner()).NotificationBell }));
export const UserPopup = lazy(async () => ({ default: (await loadCorner()).UserPopup }));

const SignOutDialog = lazy(async () => ({ default: (await loadMenus()).SignOutDialog }));

/** The sign-out question, fetched with the menus (where "Sign out" is) when it is first asked. */
export function SignOutQuestion() {
  const session = useSessionFlow();
  if (!session.confirmingSignOut) return null;
  return (
    <Suspense fallback={null}>
      <SignOutDialog />
    </Suspense>
  );
}

export function HeaderMenu(props: HeaderMenuProps) {
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}
