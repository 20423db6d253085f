import type { PlatConfig } from '../../../domain/api';
import type { WalletAccount } from '../../../domain/walletAccounts';
import { createFlowContext } from '../flowContext';

/**
 * The menus of spec §2 as data: header links, the wallet and orders dropdowns, and the left menus
 * of /user, /wallet and /order. A product declares an entry on the route it links to (`menu` on a
 * route of its feature.tsx: the site and gated slots' go to the header, the user, wallet and order
 * slots' to their menus); `collectMenus` puts every product's in place, and the shell renders them
 * without naming a product. Labels are translation keys.
 */
export interface NavLinkSpec {
  to: string;
  labelKey: string;
  /** Header links: the order in which a narrow header moves them under "More" (1 first); never without. */
  fold?: number;
  /** Whether the deployment offers it, from plat_config sys (a product the server can switch off); absent: always. */
  offered?: (sys: SiteSwitches) => boolean;
}

export interface NavGroupSpec {
  titleKey: string;
  links: NavLinkSpec[];
}

/** The platform's switches (plat_config sys), as far as the app has them. */
export type SiteSwitches = Partial<PlatConfig['config']['sys']> | undefined;

/** A route's entry in its slot's menu. */
export interface MenuEntry extends Omit<NavLinkSpec, 'to'> {
  /**
   * Where it stands among every product's entries of its menu. Spec §2 interleaves the products
   * (the wallet's accounts: spot, futures, seconds, fiat, ICO), so the number is the menu's. In the
   * /user, /wallet and /order menus the tens are the group (21 is the second entry of group 2).
   */
  place: number;
  /**
   * The title key of its group, named once per group by the product whose group it is (on an entry
   * every account sees); another product's entry joins it by its place alone.
   */
  group?: string;
  /** The link, when it is not the route's own path (a path with a parameter: '/contract/btc_usdt'). */
  to?: string;
  /** User menu only: whether it is listed for this account (spec §2: email change only for email accounts). */
  shownTo?: (account: string | undefined) => boolean;
  /**
   * Wallet menu only: the wallet account this page shows, declared by the product that keeps funds
   * in it. The wallet lists its accounts from these entries (app/walletAccountList.ts): the label,
   * the place and the page are the entry's.
   */
  account?: WalletAccount;
}

/**
 * The shell's menus: every product's entries, each list in place order. The /user, /wallet and
 * /order menus are grouped where they are drawn (menuGroups.ts), in chunks /home does not load.
 */
export interface Menus {
  header: MenuLink[];
  wallet: MenuLink[];
  order: MenuLink[];
  user: MenuLink[];
}

/** An entry with its link. */
export type MenuLink = MenuEntry & NavLinkSpec;

/** What the menus read of a product's routes (app/feature.tsx's FeatureRoute and FeatureRoutes, which name MenuEntry). */
type MenuRoute = { path?: string; index?: boolean; menu?: MenuEntry };
type MenuSlots = Partial<Record<'site' | 'gated' | 'user' | 'wallet' | 'order', MenuRoute[]>>;

/**
 * The routes' entries of one slot, linked to the route's path (optional parameters left out), in
 * their places. The header's are the site slot's and the gated one's (a signed-in page with a path
 * of its own, /convert: a visitor who follows it is asked to log in first).
 */
function entries(features: ReadonlyArray<{ routes: MenuSlots }>, slot: 'site' | 'user' | 'wallet' | 'order'): MenuLink[] {
  const base = slot === 'site' ? '' : `/${slot}`;
  const linked = ({ menu, index, path }: MenuRoute): MenuLink[] => (menu ? [{ to: index ? base : `${base}/${path!.replace(/\/:\w+\?/g, '')}`, ...menu }] : []);
  return features.flatMap((f) => [...(f.routes[slot] ?? []), ...((slot === 'site' && f.routes.gated) || [])].flatMap(linked)).sort((a, b) => a.place - b.place);
}

/** Every product's entries, by menu, in their places. */
export function collectMenus(features: ReadonlyArray<{ routes: MenuSlots }>): Menus {
  return { header: entries(features, 'site'), wallet: entries(features, 'wallet'), order: entries(features, 'order'), user: entries(features, 'user') };
}

/** The links a deployment offers (a product switched off in plat_config sys drops its entries). */
export function offeredLinks<L extends NavLinkSpec>(links: L[], sys: SiteSwitches): L[] {
  return links.filter((l) => l.offered?.(sys) ?? true);
}

/** The menus, given to the site layout and the operator console by the route table (app/routes.tsx), which has the product list. */
export const MenusContext = createFlowContext<Menus>('Menus');
