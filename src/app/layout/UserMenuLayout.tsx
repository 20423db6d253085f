import { useSessionFlow } from '../views/hooks';
import { MenuLayout } from './MenuLayout';
import { userMenu } from './navigation';

/** /user's left menu depends on the account (email or phone change, spec §2). */
export function UserMenuLayout() {
  const { user } = useSessionFlow();
  return <MenuLayout groups={userMenu(user?.account)} label="nav.account" />;
}
