import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { USER_ACTIONS, USER_SECTIONS, type UserActionKind, type UserSection } from '../../../../../domain/usersDesk';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { DataTable } from '../../../../app/ui/DataTable';
import { DateTime } from '../../../../app/ui/DateTime';
import { DetailFact, DetailFacts } from '../../../../app/ui/DetailFacts';
import { Muted } from '../../../../app/ui/Panel';
import { useWalletAccounts } from '../../../../app/walletAccountList';
import type { OperatorUserFlow } from '../../accounts.hooks';
import { accountName, sectionColumns, type SectionRow } from './sectionColumns';
import { UserActionDialog } from './UserActionDialog';
import { ACTION_KEYS, IDENTITY_KEYS } from './userDeskKeys';
import { ReloadButton } from '../../../../app/ui/DeskDialog';

const SECTION_KEYS: Record<UserSection, string> = {
  spot_orders: 'usersDesk.section.spot_orders',
  spot_stops: 'usersDesk.section.spot_stops',
  futures_positions: 'usersDesk.section.futures_positions',
  seconds_contracts: 'usersDesk.section.seconds_contracts',
  p2p_orders: 'usersDesk.section.p2p_orders',
  p2p_ads: 'usersDesk.section.p2p_ads',
  ico_subscriptions: 'usersDesk.section.ico_subscriptions',
  recurring_plans: 'usersDesk.section.recurring_plans',
  deposits: 'usersDesk.section.deposits',
  withdrawals: 'usersDesk.section.withdrawals',
  ledger: 'usersDesk.section.ledger',
  sign_ins: 'usersDesk.section.sign_ins',
  sessions: 'usersDesk.section.sessions',
  devices: 'usersDesk.section.devices',
  api_keys: 'usersDesk.section.api_keys',
};

/** Amounts and codes in the mono font, as the wallet's tables show them. */
const Figures = styled.div`
  .num, code { font-family: ${({ theme }) => theme.font.mono}; font-variant-numeric: tabular-nums; font-size: 12px; }
`;

/** One section of the page: its rows under the section's columns (sectionColumns.tsx). */
function Section(props: { name: UserSection; rows: SectionRow[] }) {
  const { t } = useTranslation();
  const title = t(SECTION_KEYS[props.name]);
  return (
    <section aria-label={title} style={{ marginTop: 16 }}>
      <h3>
        {title} <Muted as="span">({props.rows.length})</Muted>
      </h3>
      {props.rows.length === 0 ? (
        <Muted>{t('usersDesk.noRows')}</Muted>
      ) : (
        <DataTable label={title} rows={props.rows} rowKey={(row) => JSON.stringify(row)} emptyKey="usersDesk.noRows" columns={sectionColumns(t, props.name)} />
      )}
    </section>
  );
}

/**
 * A user's page (issue 51 §3): the profile and identity, the five accounts' balances with frozen
 * amounts, what the products hold, sign-ins, sessions, devices, API keys and operator notes, and
 * the actions, each behind the dialog that asks a reason and the operator's code. Renders the
 * operatorUser machine's snapshot.
 */
export function UserPageView({ user }: { user: OperatorUserFlow }) {
  const { t } = useTranslation();
  const accounts = useWalletAccounts();
  const page = user.page;
  const profile = page?.profile;
  // Only the actions the operator's roles grant (support reads the page and is offered none of them).
  const actions = (
    profile ? ([profile.frozen ? 'unfreeze' : 'freeze', 'endSessions', 'suspendKeys', ...(profile.two_factor ? (['resetTwoFactor'] as const) : []), 'identity', 'note'] as UserActionKind[]) : []
  ).filter((a) => user.grants(USER_ACTIONS[a].permission));
  return (
    <section aria-label={t('usersDesk.userTitle')}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Button type="button" $variant="ghost" $small onClick={user.close}>
          {t('usersDesk.back')}
        </Button>
        <h2 style={{ flex: 1 }}>
          {profile?.account ?? t('usersDesk.userTitle')} {profile?.frozen && <Badge $tone="down">{t('usersDesk.frozenBadge')}</Badge>}
        </h2>
        <ReloadButton onReload={user.reload} loading={user.loading} />
      </div>
      {user.failed && <Muted>{t('usersDesk.loadFailed')}</Muted>}
      {profile && page && (
        <>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', margin: '8px 0 12px' }}>
            {actions.map((a) => (
              <Button key={a} type="button" $small $variant={a === 'freeze' ? 'danger' : 'ghost'} onClick={() => user.start(a)}>
                {t(ACTION_KEYS[a])}
              </Button>
            ))}
          </div>
          <DetailFacts>
            <DetailFact label={t('usersDesk.col.id')}>{profile.id}</DetailFact>
            <DetailFact label={t('usersDesk.col.nickname')}>{profile.nickname || '—'}</DetailFact>
            <DetailFact label={t('usersDesk.email')}>{profile.email || '—'}</DetailFact>
            <DetailFact label={t('usersDesk.phone')}>{profile.phone ? `${profile.area_code} ${profile.phone}` : '—'}</DetailFact>
            <DetailFact label={t('usersDesk.col.identity')}>{t(IDENTITY_KEYS[profile.name_status])}</DetailFact>
            <DetailFact label={t('usersDesk.col.twoFactor')}>{t(profile.two_factor ? 'twoFactor.on' : 'twoFactor.off')}</DetailFact>
            <DetailFact label={t('usersDesk.col.registered')}>
              <DateTime at={profile.created_at} />
            </DetailFact>
            <DetailFact label={t('usersDesk.col.lastSignIn')}>{profile.last_sign_in > 0 ? <DateTime at={profile.last_sign_in} /> : '—'}</DetailFact>
            {profile.frozen && <DetailFact label={t('usersDesk.frozenBecause')}>{profile.frozen_reason}</DetailFact>}
            {profile.withdrawals_locked_until > 0 && (
              <DetailFact label={t('usersDesk.withdrawalsLockedUntil')}>
                <DateTime at={profile.withdrawals_locked_until} />
              </DetailFact>
            )}
            <DetailFact label={t('usersDesk.realName')}>{page.identity ? page.identity.real_name : t('usersDesk.noIdentity')}</DetailFact>
          </DetailFacts>
          <h3 style={{ marginTop: 16 }}>{t('usersDesk.balances')}</h3>
          <Figures>
            <DataTable
              label={t('usersDesk.balances')}
              rows={page.balances}
              rowKey={(b) => `${b.account}:${b.currency}`}
              emptyKey="usersDesk.noRows"
              columns={[
                { key: 'usersDesk.account', render: (b) => accountName(t, accounts, b.account) },
                { key: 'usersDesk.currency', render: (b) => b.currency },
                { key: 'usersDesk.available', align: 'right', render: (b) => <span className="num">{b.available}</span> },
                { key: 'usersDesk.frozenAmount', align: 'right', render: (b) => <span className="num">{b.frozen}</span> },
              ]}
            />
            {USER_SECTIONS.map((name) => (
              <Section key={name} name={name} rows={page.sections[name] ?? []} />
            ))}
          </Figures>
          <h3 style={{ marginTop: 16 }}>{t('usersDesk.notes')}</h3>
          {page.notes.length === 0 && <Muted>{t('usersDesk.noRows')}</Muted>}
          {page.notes.map((n) => (
            <p key={n.id} style={{ margin: '4px 0' }}>
              <Muted as="span">
                <DateTime at={n.at} /> · {n.operator_account}
              </Muted>{' '}
              {n.body}
            </p>
          ))}
        </>
      )}
      {user.action && <UserActionDialog user={user} />}
    </section>
  );
}
