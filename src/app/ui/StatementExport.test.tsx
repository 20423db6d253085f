// @vitest-environment jsdom
/**
 * The statement control above a history list, in English and German: named by what it exports,
 * the four periods, the button busy while the file is read, the server's refusal shown under it.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderView } from '../testing/viewHarness';
import { StatementExport } from './StatementExport';

afterEach(cleanup);

const props = (over: Partial<Parameters<typeof StatementExport>[0]> = {}) => ({
  what: 'spot fills',
  days: 30 as const,
  busy: false,
  refusal: undefined,
  setDays: vi.fn(),
  exportFile: vi.fn(),
  ...over,
});

describe('StatementExport', () => {
  it('offers the four periods and exports the one chosen', async () => {
    const p = props();
    await renderView(<StatementExport {...p} />);
    const group = screen.getByRole('group', { name: 'Statement: spot fills' });
    const period = within(group).getByRole('combobox', { name: 'Statement period' });
    expect([...(period as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Last 7 days', 'Last 30 days', 'Last 90 days', 'Last 365 days']);
    expect((period as HTMLSelectElement).value).toBe('30');
    fireEvent.change(period, { target: { value: '365' } });
    expect(p.setDays).toHaveBeenCalledWith(365);
    fireEvent.click(within(group).getByRole('button', { name: 'Export CSV' }));
    expect(p.exportFile).toHaveBeenCalledOnce();
  });

  it('is busy while the file is read and says why the server refused, in German', async () => {
    await renderView(<StatementExport {...props({ what: 'Kontobuch', busy: true })} />, { locale: 'de_DE' });
    const group = screen.getByRole('group', { name: 'Auszug: Kontobuch' });
    expect((within(group).getByRole('button', { name: 'Wird exportiert…' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(group).getByRole('combobox', { name: 'Zeitraum des Auszugs' }) as HTMLSelectElement).disabled).toBe(true);
    cleanup();
    await renderView(<StatementExport {...props({ refusal: { text: 'Mehr als 50000 Zeilen in diesem Zeitraum' } })} />, { locale: 'de_DE' });
    expect(screen.getByRole('alert').textContent).toBe('Mehr als 50000 Zeilen in diesem Zeitraum');
    expect(screen.getByRole('button', { name: 'CSV exportieren' })).toBeTruthy();
  });
});
