import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { OperatorPermission } from '../../../../../domain/operators';
import type { OperatorDesk } from '../../../../app/feature';
import { PHONE } from '../../../../app/theme';
import { Segmented } from '../../../../app/ui/Segmented';

/** Up to this many tabs read as one strip; more are grouped by what they are about. */
export const UNGROUPED_MAX = 7;

/** The groups of a long tab row, each by the first part of its desks' permissions (in this order; the rest last). */
const GROUPS: ReadonlyArray<{ label: string; areas: readonly string[] }> = [
  { label: 'operatorDesks.group.people', areas: ['identity', 'users', 'operators'] },
  { label: 'operatorDesks.group.money', areas: ['withdrawals', 'deposits', 'corrections', 'treasury', 'fees', 'liabilities'] },
  { label: 'operatorDesks.group.markets', areas: ['p2p', 'trading'] },
  { label: 'operatorDesks.group.console', areas: ['audit', 'notices', 'session'] },
];

const areaOf = (permission: OperatorPermission) => permission.split('.')[0]!;

/** The desks in their groups, each group in the desks' own order; a desk of an area no group names joins the last. */
export function groupDesks<D extends { permission: OperatorPermission }>(desks: readonly D[]): Array<{ label: string; desks: D[] }> {
  const last = GROUPS.length - 1;
  const groupOf = (desk: D) => {
    const index = GROUPS.findIndex((group) => group.areas.includes(areaOf(desk.permission)));
    return index === -1 ? last : index;
  };
  return GROUPS.map((group, index) => ({ label: group.label, desks: desks.filter((desk) => groupOf(desk) === index) })).filter((group) => group.desks.length > 0);
}

// On a phone one row that scrolls sideways, as the ungrouped strip does.
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 14px;
  .group { display: inline-flex; align-items: center; gap: 6px; }
  .group > small { font-size: 10px; text-transform: uppercase; letter-spacing: 0.06em; color: ${({ theme }) => theme.color.textFaint}; }
  ${PHONE} { flex-wrap: nowrap; overflow-x: auto; }
`;

/**
 * The desks' tabs: one strip for a few, or, for an operator who sees many (an auditor sees every
 * desk), strips grouped under small headings (people, money, markets, the console itself). One tablist
 * either way; which tab is chosen is the layout's.
 */
export function DeskTabs(props: { desks: readonly OperatorDesk[]; current: OperatorDesk | undefined; label: string; onChoose: (id: string) => void }) {
  const { t } = useTranslation();
  const tab = (d: OperatorDesk) => (
    <button key={d.id} type="button" role="tab" aria-selected={d === props.current} onClick={() => props.onChoose(d.id)}>
      {t(d.label)}
    </button>
  );
  if (props.desks.length <= UNGROUPED_MAX) {
    return (
      <Segmented role="tablist" aria-label={props.label}>
        {props.desks.map(tab)}
      </Segmented>
    );
  }
  return (
    <Row role="tablist" aria-label={props.label} data-grouped="">
      {groupDesks(props.desks).map((group) => (
        <span key={group.label} className="group">
          <small aria-hidden="true">{t(group.label)}</small>
          <Segmented>{group.desks.map(tab)}</Segmented>
        </span>
      ))}
    </Row>
  );
}
