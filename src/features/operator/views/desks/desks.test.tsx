// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ShellContext } from '../../../../app/views/hooks';
import { LANGUAGES } from '../../../../../domain/languages';
import { OPERATOR_AUDIT_KINDS } from '../../../../../domain/operatorAuditKinds';
import { OPERATOR_PATHS, type OperatorAuditRow, type OperatorPermission, type OperatorView } from '../../../../../domain/operators';
import { OperatorDesksContext, type OperatorDesk } from '../../../../app/feature';
import { expectCodeRefusedInDialog, FORM_TEST_MS, fakeApi, inShell, refusal, renderView, startedApp } from '../../../../app/testing/viewHarness';
import { provideOperatorDesks } from '../../desks.flows';
import { operatorSessionMachine } from '../../machines/operatorSession/operatorSession.machine';
import { OperatorContext } from '../../operator.context';
import { AuditDesk } from '../AuditDesk';
import { OperatorsDesk } from '../OperatorsDesk';
import { OperatorLayout } from '../OperatorLayout';
import { auditKindChoices } from './auditKindChoices';
import { groupDesks } from './DeskTabs';

afterEach(cleanup);

const operators: OperatorView[] = [
  { id: 1, account: 'root', roles: ['admin', 'auditor'], disabled: false, from_environment: true, created_at: 1_700_000_000_000 },
  { id: 7, account: 'fiona', roles: ['finance'], disabled: false, from_environment: false, created_at: 1_700_000_100_000 },
];
const auditRow: OperatorAuditRow = {
  id: 41,
  operator_id: 1,
  operator_account: 'root',
  roles: ['admin'],
  at: 1_700_000_200_000,
  client: '10.0.0.1',
  kind: 'operator.set_roles',
  object_type: 'operator',
  object_id: '7',
  before: { roles: ['compliance'] },
  after: { roles: ['finance'] },
  outcome: 'done',
  detail: '',
  prev_hash: 'a'.repeat(64),
  hash: 'b'.repeat(64),
};

/** A refused call: its object is the route, a method and a path (no number to mark with #). */
const refusedRoute: OperatorAuditRow = { ...auditRow, id: 42, kind: 'access.refused', object_type: 'route', object_id: 'POST /api/operator/audit', before: null, after: null, outcome: 'refused', hash: 'c'.repeat(64) };

/** The desks over a fake operator API, for an operator holding `roles`. */
async function renderDesk(desk: 'operators' | 'audit' | 'layout', roles: OperatorView['roles'], desks: OperatorDesk[] = []) {
  const { api, calls } = fakeApi({
    [OPERATOR_PATHS.operators]: operators,
    [OPERATOR_PATHS.audit]: { list: [auditRow, refusedRoute], total: 2, page: 1, size: 20 },
    [OPERATOR_PATHS.create]: () => refusal('This account name is already taken'),
    [OPERATOR_PATHS.disable]: () => refusal('Incorrect authentication code'),
    [OPERATOR_PATHS.resetTwoFactor]: () => refusal('Incorrect authentication code'),
  });
  const operatorSession = createActor(operatorSessionMachine, { input: { token: 't', operator: { id: 1, account: 'root', roles } } }).start();
  const flows = { operatorSession, ...provideOperatorDesks({ operatorApi: api, showToast: () => undefined }) };
  // The layout reads the app's language and theme (the shell's app actor), as the page does.
  await renderView(
    inShell(
      <OperatorDesksContext.Provider value={desks}>
        <OperatorContext.Provider value={flows}>{desk === 'operators' ? <OperatorsDesk /> : desk === 'audit' ? <AuditDesk /> : <OperatorLayout />}</OperatorContext.Provider>
      </OperatorDesksContext.Provider>,
    ),
  );
  return calls;
}

describe('operators desk view', () => {
  it('lists operators with roles and the environment mark; an admin may change others, never the environment operator', async () => {
    await renderDesk('operators', ['admin']);
    const table = screen.getByRole('table', { name: 'Operators' });
    const [, rootRow, fionaRow] = within(table).getAllByRole('row');
    expect(rootRow!.textContent).toContain('environment');
    expect(within(rootRow!).queryByRole('button')).toBeNull();
    expect(fionaRow!.textContent).toContain('Finance');
    expect(within(fionaRow!).getByRole('button', { name: 'Disable' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New operator' }));
    expect(screen.getByRole('dialog', { name: 'New operator' })).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(6);
    // The first render of the file loads the console's views: seconds on a loaded machine.
  }, FORM_TEST_MS);

  it('checks the new operator before sending, and shows the server refusal in the form, which stays open', async () => {
    const calls = await renderDesk('operators', ['admin']);
    fireEvent.click(screen.getByRole('button', { name: 'New operator' }));
    const dialog = screen.getByRole('dialog', { name: 'New operator' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create operator' }));
    expect(await within(dialog).findByText('Choose at least one role')).toBeTruthy();
    expect(calls.map((c) => c.path)).not.toContain(OPERATOR_PATHS.create);
    fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: 'fiona' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'quiet-lantern-harbour-93' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Finance/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create operator' }));
    // The admin's own code is asked: nothing goes without it.
    expect(await within(dialog).findByText('Enter your 2FA code')).toBeTruthy();
    expect(calls.map((c) => c.path)).not.toContain(OPERATOR_PATHS.create);
    fireEvent.change(within(dialog).getByLabelText('Your 2FA code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create operator' }));
    expect(await within(dialog).findByText('This account name is already taken', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.find((c) => c.path === OPERATOR_PATHS.create)?.body).toMatchObject({ account: 'fiona', roles: ['finance'], code: '123456' });
    expect(screen.getByRole('dialog', { name: 'New operator' })).toBeTruthy();
  }, FORM_TEST_MS);

  it('asks the admin’s code to disable an operator, and shows the server refusal in the question, which stays open', async () => {
    const calls = await renderDesk('operators', ['admin']);
    const [, , fionaRow] = within(screen.getByRole('table', { name: 'Operators' })).getAllByRole('row');
    fireEvent.click(within(fionaRow!).getByRole('button', { name: 'Disable' }));
    await expectCodeRefusedInDialog(calls, { dialog: 'Disable this operator?', submit: 'Disable', path: OPERATOR_PATHS.disable, body: { id: 7, code: '123456' } });
  }, FORM_TEST_MS);

  it('resets another operator’s 2FA from its row with the admin’s own code (never their own, nor the environment’s), the refusal in the question', async () => {
    const calls = await renderDesk('operators', ['admin']);
    const [, rootRow, fionaRow] = within(screen.getByRole('table', { name: 'Operators' })).getAllByRole('row');
    expect(within(rootRow!).queryByRole('button', { name: 'Reset 2FA' })).toBeNull();
    fireEvent.click(within(fionaRow!).getByRole('button', { name: 'Reset 2FA' }));
    expect(screen.getByRole('dialog', { name: 'Reset this operator’s 2FA?' }).textContent).toContain('fiona');
    await expectCodeRefusedInDialog(calls, { dialog: 'Reset this operator’s 2FA?', submit: 'Reset 2FA', path: OPERATOR_PATHS.resetTwoFactor, body: { id: 7, code: '123456' } });
  }, FORM_TEST_MS);

  it('offers an auditor no changes', async () => {
    await renderDesk('operators', ['auditor']);
    // The list is there (the absences below are of a rendered desk, not of an empty page).
    expect(within(screen.getByRole('table', { name: 'Operators' })).getByText('fiona')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New operator' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset 2FA' })).toBeNull();
  });
});

describe('audit desk view', () => {
  it('shows a row with its hash short, and opens it to its values before and after', async () => {
    const calls = await renderDesk('audit', ['auditor']);
    expect(calls.map((c) => c.path)).toEqual([OPERATOR_PATHS.audit]);
    const table = screen.getByRole('table', { name: 'Audit log' });
    // The kind in words, its code beside it (what the CSV holds), its tooltip naming the code.
    expect(within(table).getByText('Operator roles changed')).toBeTruthy();
    expect(within(table).getByText('operator.set_roles')).toBeTruthy();
    expect(within(table).getByText('Access refused').getAttribute('title')).toBe('Code: access.refused');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toContain('Kind');
    expect(table.textContent).toContain('bbbbbbbb…bbbb');
    // A numbered object reads "operator #7"; a named one (a route, a pair) its name alone.
    expect(within(table).getByText('operator #7')).toBeTruthy();
    expect(within(table).getByText('route POST /api/operator/audit')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Details of entry 41' }));
    expect(table.textContent).toContain('What changed');
    expect(table.textContent).toContain('compliance');
    expect(table.textContent).toContain('b'.repeat(64));
  });
});

describe('audit desk view: the kind filter', () => {
  it('offers "All kinds", then every kind by its label in label order, and searches by the one chosen', async () => {
    const calls = await renderDesk('audit', ['auditor']);
    const filters = screen.getByRole('search', { name: 'Audit log filters' });
    const select = within(filters).getByRole('combobox', { name: 'Kind' });
    const options = within(select).getAllByRole('option');
    expect(options[0]).toMatchObject({ value: '', textContent: 'All kinds' });
    expect(options.slice(1).map((o) => (o as HTMLOptionElement).value).sort()).toEqual([...OPERATOR_AUDIT_KINDS].sort());
    const labels = options.slice(1).map((o) => o.textContent!);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en-US').compare));
    expect(labels).toContain('Withdrawal approved');
    fireEvent.change(select, { target: { value: 'withdrawal.approve' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.filter((c) => c.path === OPERATOR_PATHS.audit).at(-1)?.body).toMatchObject({ kind: 'withdrawal.approve', page: 1 }));
    // "All kinds" again: no kind is sent (unset, so the wire's JSON leaves it out).
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.filter((c) => c.path === OPERATOR_PATHS.audit).length).toBe(3));
    expect(JSON.parse(JSON.stringify(calls.at(-1)?.body))).not.toHaveProperty('kind');
  });
});

describe('auditKindChoices', () => {
  it("sorts by the label in the reader's language, each kind once", () => {
    const words: Partial<Record<string, string>> = { 'kyc.approve': 'Ärger', 'kyc.reject': 'Zebra', 'fees.tiers': 'Apfel', 'users.note': 'Birne' };
    const choices = auditKindChoices((kind) => words[kind] ?? `Ö ${kind}`, 'de_DE');
    // German order: Ä with A, Ö with O (a sort by code points would put both after Z).
    expect(choices.slice(0, 4).map((c) => c.kind)).toEqual(['fees.tiers', 'kyc.approve', 'users.note', 'access.refused']);
    expect(choices.at(-1)?.kind).toBe('kyc.reject');
    expect(new Set(choices.map((c) => c.kind)).size).toBe(OPERATOR_AUDIT_KINDS.length);
  });
});

/** A desk whose page is a plain text, for the layout's tabs (its label no catalogue key: shown as it is). */
const fakeDesk = (id: string, permission: OperatorPermission): OperatorDesk => ({
  id,
  label: `${id} tab`,
  permission,
  page: { name: id, preload: async () => undefined, element: <p>{`${id} page`}</p> },
});
const ALL_DESKS = [
  fakeDesk('identity', 'identity.read'),
  fakeDesk('withdrawals', 'withdrawals.read'),
  fakeDesk('corrections', 'corrections.read'),
  fakeDesk('appeals', 'p2p.appeals.read'),
  fakeDesk('settings', 'trading.read'),
  fakeDesk('ico', 'trading.read'),
  fakeDesk('notices', 'notices.read'),
  fakeDesk('users', 'users.read'),
  fakeDesk('operators', 'operators.read'),
  fakeDesk('audit', 'audit.read'),
];

describe('operator layout: desks by role', () => {
  it("shows only the tabs the operator's roles open, the first one open", async () => {
    await renderDesk('layout', ['finance'], ALL_DESKS);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['withdrawals tab', 'corrections tab']);
    expect(screen.getByText('withdrawals page')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'corrections tab' }));
    expect(screen.getByText('corrections page')).toBeTruthy();
  });

  it('groups the many tabs an auditor sees, in one tablist', async () => {
    await renderDesk('layout', ['auditor'], ALL_DESKS);
    const tablist = screen.getByRole('tablist');
    expect(tablist.hasAttribute('data-grouped')).toBe(true);
    // Every desk reads with a .read permission, and the auditor holds them all.
    expect(within(tablist).getAllByRole('tab')).toHaveLength(ALL_DESKS.length);
    expect(tablist.textContent).toContain('People');
  });

  it('says so when no desk is open to the roles', async () => {
    await renderDesk('layout', [], ALL_DESKS);
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toContain('Your roles open no desk');
  });

  it('offers its own language and theme choice (the console has no trader header)', async () => {
    // A started app actor (its startup answered), as the page runs under: the choices are its.
    const app = startedApp();
    await waitFor(() => expect(JSON.stringify(app.getSnapshot().value)).toContain('ready'), { timeout: 3000 });
    const operatorSession = createActor(operatorSessionMachine, { input: {} }).start();
    const flows = { operatorSession, ...provideOperatorDesks({ operatorApi: fakeApi({}).api, showToast: () => undefined }) };
    await renderView(
      <ShellContext.Provider value={{ app } as never}>
        <OperatorDesksContext.Provider value={ALL_DESKS}>
          <OperatorContext.Provider value={flows}>
            <OperatorLayout />
          </OperatorContext.Provider>
        </OperatorDesksContext.Provider>
      </ShellContext.Provider>,
    );
    const language = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect([...language.options].map((o) => o.value)).toEqual(LANGUAGES.map((l) => l.lang));
    fireEvent.change(language, { target: { value: 'es_ES' } });
    await waitFor(() => expect(app.getSnapshot().context.language.lang).toBe('es_ES'));
    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(app.getSnapshot().context.theme).toBe('light');
  });

  it('groups by area, each group in the desks order', () => {
    expect(groupDesks(ALL_DESKS).map((group) => [group.label, group.desks.map((d) => d.id)])).toEqual([
      ['operatorDesks.group.people', ['identity', 'users', 'operators']],
      ['operatorDesks.group.money', ['withdrawals', 'corrections']],
      ['operatorDesks.group.markets', ['appeals', 'settings', 'ico']],
      ['operatorDesks.group.console', ['notices', 'audit']],
    ]);
  });
});
