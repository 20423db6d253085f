import type { MenuLink, NavGroupSpec, SiteSwitches } from './navigation';
import { offeredLinks } from './navigation';

/**
 * A grouped menu (/user, /wallet, /order) as drawn: the entries the deployment offers (and, in the
 * user menu, those listed for the account), grouped by their place's tens, each group titled by
 * whichever of its entries names it. Only the menus' own chunks import this, not /home.
 */
export function menuGroups(links: MenuLink[], sys: SiteSwitches, account?: string): NavGroupSpec[] {
  const groups = new Map<number, NavGroupSpec>();
  for (const link of offeredLinks(links, sys)) {
    if (!(link.shownTo?.(account) ?? true)) continue;
    const tens = Math.floor(link.place / 10);
    const group = groups.get(tens) ?? { titleKey: '', links: [] };
    groups.set(tens, group);
    group.titleKey = link.group ?? group.titleKey;
    group.links.push(link);
  }
  return [...groups.values()];
}

/**
 * The group the page at `pathname` belongs to, for a phone's menu, which shows one group's links
 * at a time: the group of the entry that is the page, else of the longest entry the path lies under
 * (a detail page under its list), else the first.
 */
export function currentGroup(groups: NavGroupSpec[], pathname: string): NavGroupSpec | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: { group: NavGroupSpec; length: number } | undefined;
  for (const group of groups) {
    for (const { to } of group.links) {
      if (to === path) return group;
      if (path.startsWith(`${to}/`) && to.length > (best?.length ?? -1)) best = { group, length: to.length };
    }
  }
  return best?.group ?? groups[0];
}
