import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameStatus } from '../../../../../domain/api';
import type { TriState, UsersDeskRow, UsersQuery } from '../../../../../domain/usersDesk';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted } from '../../../../app/ui/Panel';
import { Pager } from '../../../../app/ui/RecordFilters';
import { useOperatorUser, useOperatorUsers } from '../../accounts.hooks';
import { UserPageView } from './UserPage';
import { IDENTITY_KEYS, IdentityOptions } from './userDeskKeys';
import { deskColumns, DeskTable, DeskTitleBar, ReloadButton, type DeskListTexts } from '../../../../app/ui/DeskDialog';

const TEXTS: DeskListTexts = { title: 'usersDesk.title', empty: 'usersDesk.empty', failed: 'usersDesk.failed' };

/** The form's fields, as typed (presentation): turned into the machine's filters when sent. */
interface Fields {
  text: string;
  name_status: string;
  two_factor: TriState;
  frozen: TriState;
  registered_from: string;
  registered_to: string;
  signed_in_from: string;
  signed_in_to: string;
}

const EMPTY: Fields = { text: '', name_status: '', two_factor: 'any', frozen: 'any', registered_from: '', registered_to: '', signed_in_from: '', signed_in_to: '' };

/** A date input's day (UTC) as epoch ms; `end`: the day after, so "to" includes the day itself. */
const dayMs = (value: string, end = false): number | undefined => {
  if (!value) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms + (end ? 86_400_000 : 0);
};

function toQuery(f: Fields): UsersQuery {
  return {
    text: f.text,
    name_status: f.name_status ? (Number(f.name_status) as NameStatus) : undefined,
    two_factor: f.two_factor,
    frozen: f.frozen,
    registered_from: dayMs(f.registered_from),
    registered_to: dayMs(f.registered_to, true),
    signed_in_from: dayMs(f.signed_in_from),
    signed_in_to: dayMs(f.signed_in_to, true),
  };
}

function TriSelect(props: { labelKey: string; value: TriState; onChange: (value: TriState) => void }) {
  const { t } = useTranslation();
  return (
    <label>
      {t(props.labelKey)}{' '}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as TriState)}>
        <option value="any">{t('usersDesk.any')}</option>
        <option value="yes">{t('usersDesk.yes')}</option>
        <option value="no">{t('usersDesk.no')}</option>
      </select>
    </label>
  );
}

/** A day of a date range ("registered from", "to"), as typed. */
function DayField(props: { labelKey: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <label>
      {t(props.labelKey)} <input type="date" value={props.value} onChange={(e) => props.onChange(e.target.value)} />
    </label>
  );
}

/**
 * /operator, "Users" (issue 51 §3): users found by id, email, phone or nickname and by state,
 * with the CSV export of what the filters find; a row opens the user's page (UserPage.tsx), where
 * the actions are. Renders the two machines' snapshots (operatorUsers, operatorUser).
 */
export function UsersDesk() {
  const { t } = useTranslation();
  const desk = useOperatorUsers();
  const user = useOperatorUser();
  // The form's text is presentation; the machine searches when the form is sent.
  const [fields, setFields] = useState<Fields>(EMPTY);
  const set = <K extends keyof Fields>(key: K) => (value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    desk.search(toQuery(fields));
  };
  if (user.userId !== undefined) return <UserPageView user={user} />;
  return (
    <section aria-label={t(TEXTS.title)}>
      <DeskTitleBar title={t(TEXTS.title)}>
        <Button type="button" $variant="ghost" $small onClick={desk.exportCsv} disabled={desk.exporting}>
          {t('usersDesk.export')}
        </Button>
        <ReloadButton onReload={desk.reload} loading={desk.loading} />
      </DeskTitleBar>
      <Muted style={{ margin: '6px 0 10px' }}>{t('usersDesk.intro')}</Muted>
      <form role="search" onSubmit={submit} style={{ display: 'flex', gap: 10, flexWrap: 'wrap', alignItems: 'end', marginBottom: 12 }}>
        <input aria-label={t('usersDesk.search')} placeholder={t('usersDesk.search')} value={fields.text} maxLength={254} onChange={(e) => set('text')(e.target.value)} />
        <label>
          {t('usersDesk.col.identity')}{' '}
          <select value={fields.name_status} onChange={(e) => set('name_status')(e.target.value)}>
            <option value="">{t('usersDesk.any')}</option>
            <IdentityOptions />
          </select>
        </label>
        <TriSelect labelKey="usersDesk.col.twoFactor" value={fields.two_factor} onChange={set('two_factor')} />
        <TriSelect labelKey="usersDesk.col.frozen" value={fields.frozen} onChange={set('frozen')} />
        <DayField labelKey="usersDesk.registeredFrom" value={fields.registered_from} onChange={set('registered_from')} />
        <DayField labelKey="usersDesk.to" value={fields.registered_to} onChange={set('registered_to')} />
        <DayField labelKey="usersDesk.signedInFrom" value={fields.signed_in_from} onChange={set('signed_in_from')} />
        <DayField labelKey="usersDesk.to" value={fields.signed_in_to} onChange={set('signed_in_to')} />
        <Button type="submit" $small disabled={desk.loading}>
          {t('usersDesk.find')}
        </Button>
      </form>
      <DeskTable<UsersDeskRow>
        texts={TEXTS}
        desk={desk}
        columns={[
          { key: 'usersDesk.col.id', render: (r) => r.id },
          deskColumns.user(),
          { key: 'usersDesk.col.nickname', render: (r) => r.nickname || '—' },
          { key: 'usersDesk.col.identity', render: (r) => t(IDENTITY_KEYS[r.name_status]) },
          { key: 'usersDesk.col.twoFactor', render: (r) => <Badge $tone={r.two_factor ? 'up' : 'dim'}>{t(r.two_factor ? 'twoFactor.on' : 'twoFactor.off')}</Badge> },
          { key: 'usersDesk.col.frozen', render: (r) => (r.frozen ? <Badge $tone="down">{t('usersDesk.frozenBadge')}</Badge> : '—') },
          { key: 'usersDesk.col.registered', render: (r) => <DateTime at={r.created_at} /> },
          { key: 'usersDesk.col.lastSignIn', render: (r) => (r.last_sign_in > 0 ? <DateTime at={r.last_sign_in} /> : '—') },
          {
            key: 'col.actions',
            align: 'right',
            render: (r) => (
              <Button type="button" $small $variant="ghost" onClick={() => user.open(r.id)}>
                {t('usersDesk.open')}
              </Button>
            ),
          },
        ]}
      />
      {desk.total > desk.size && <Pager page={desk.page} size={desk.size} total={desk.total} onPage={desk.setPage} />}
    </section>
  );
}
