// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTranslation } from 'react-i18next';
import { DepositStatus, type DepositRecord } from '../../../../domain/wallet';
import { renderView } from '../../../app/testing/viewHarness';
import { depositColumns, depositStatus, ledgerColumns, withdrawalColumns } from './recordColumns';

afterEach(cleanup);

const deposit: DepositRecord = {
  id: 1,
  currency: 'BNB',
  network: 'BEP20',
  address: '0x52908400098527886e0f7030069857d2e4169ee7',
  quantity: '3',
  tx_hash: '0xabc',
  confirmations: 0,
  confirmations_required: 6,
  status: DepositStatus.returned,
  fee: '0',
  held_reason: 'delisted',
  created_at: 1_700_000_000_000,
};

function Status(props: { record: DepositRecord }) {
  const { t } = useTranslation();
  return <div data-testid="status">{depositStatus(t, props.record)}</div>;
}

describe('a deposit’s status in the history', () => {
  it('says "Returned" for a held deposit an operator sent back, in the reader’s language', async () => {
    await renderView(<Status record={deposit} />);
    expect(screen.getByTestId('status').textContent).toBe('Returned');
    cleanup();
    await renderView(<Status record={deposit} />, { locale: 'de_DE' });
    expect(screen.getByTestId('status').textContent).toBe('Zurückgesendet');
  });

  it('says how many confirmations a pending deposit has of those it needs (the server sends both), in the reader’s language', async () => {
    const pending = { ...deposit, status: DepositStatus.pending, held_reason: null, confirmations: 0, confirmations_required: 6 };
    await renderView(<Status record={pending} />);
    expect(screen.getByTestId('status').textContent).toBe('Pending · 0 / 6 confirmations');
    cleanup();
    await renderView(<Status record={{ ...pending, confirmations_required: 1 }} />);
    expect(screen.getByTestId('status').textContent).toBe('Pending · 0 / 1 confirmation');
    cleanup();
    await renderView(<Status record={pending} />, { locale: 'ru_RU' });
    expect(screen.getByTestId('status').textContent).toBe('Ожидание · 0 / 6 подтверждений');
    cleanup();
    // Confirming already counts them in its badge.
    await renderView(<Status record={{ ...pending, status: DepositStatus.confirming, confirmations: 2 }} />);
    expect(screen.getByTestId('status').textContent).toBe('Confirming 2/6');
  });

  it('still says "Held" with its reason for one not resolved yet', async () => {
    await renderView(<Status record={{ ...deposit, status: DepositStatus.held }} />);
    expect(screen.getByTestId('status').textContent).toBe('Held · currency being delisted, not credited');
  });
});

describe('the withdrawal records’ columns', () => {
  it('lead with the currency, quantity and status (a phone’s first screen), and end with the cancel action its table pins', async () => {
    const i18n = await renderView(<div />);
    const keys = withdrawalColumns(i18n.t, () => undefined).map((c) => c.key);
    expect(keys.slice(0, 3)).toEqual(['col.currency', 'col.quantity', 'col.status']);
    expect(keys.at(-1)).toBe('col.actions');
    expect(keys).toContain('col.time');
  });
});

describe('the deposit and ledger records’ columns', () => {
  it('lead with what a phone’s first screen must show: a deposit’s status, a ledger entry’s change', async () => {
    const i18n = await renderView(<div />);
    expect(depositColumns(i18n.t).map((c) => c.key).slice(0, 3)).toEqual(['col.currency', 'col.quantity', 'col.status']);
    expect(ledgerColumns(i18n.t, []).map((c) => c.key).slice(0, 3)).toEqual(['col.type', 'col.currency', 'col.change']);
  });
});
