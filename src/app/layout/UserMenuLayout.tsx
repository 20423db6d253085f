import { useSessionFlow } from '../views/hooks';
import { MenuLayout } from './MenuLayout';
import { MenusContext } from './navigation';

/** /user's left menu depends on the account (email or phone change, spec §2). */
export function UserMenuLayout() {
  const { user } = useSessionFlow();
  const menus = MenusContext.use();
  return <MenuLayout links={menus.user} account={user?.account} label="nav.account" />;
}
