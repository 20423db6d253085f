// @vitest-environment jsdom
/**
 * The list frames the desks and the account pages share (issue 54): the table is named by the
 * page's title, says "Loading…" while read, and a failed read offers Retry.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderView } from '../testing/viewHarness';
import { ListPanel, RetryTable } from './RetryButton';

afterEach(cleanup);

const rows = [{ id: 1, name: 'first' }];
const columns = [{ key: 'col.name', render: (r: { name: string }) => r.name }];

describe('RetryTable', () => {
  it('says "Loading…" in the empty table while the list is read, its own empty text once read', async () => {
    await renderView(<RetryTable label="Projects" rows={[]} columns={columns} emptyKey="common.retry" failed={false} onRetry={() => undefined} loading />);
    expect(within(screen.getByRole('table', { name: 'Projects' })).getByText('Loading…')).toBeTruthy();
    cleanup();
    await renderView(<RetryTable label="Projects" rows={[]} columns={columns} emptyKey="common.retry" failed={false} onRetry={() => undefined} loading={false} />);
    expect(within(screen.getByRole('table', { name: 'Projects' })).getByText('Retry')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces a failed read above the table, with a Retry that reads again', async () => {
    const onRetry = vi.fn();
    await renderView(<RetryTable label="Projects" rows={rows} columns={columns} failed onRetry={onRetry} loading={false} />);
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByRole('table', { name: 'Projects' }).textContent).toContain('first');
  });
});

describe('ListPanel', () => {
  it('titles the page and names the table by the title, the intro between, what comes after under the table', async () => {
    await renderView(<ListPanel title="Addresses" intro="Your saved addresses" rows={rows} columns={columns} failed={false} onRetry={() => undefined} after={<p>pager</p>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Addresses' })).toBeTruthy();
    expect(screen.getByText('Your saved addresses')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Addresses' });
    expect(table.textContent).toContain('first');
    expect(table.compareDocumentPosition(screen.getByText('pager')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('puts the title in the header beside a link, and offers Retry once the read failed', async () => {
    const onRetry = vi.fn();
    await renderView(<ListPanel title="Methods" intro="Intro" beside={<a href="/add">Add</a>} rows={[]} columns={columns} failed onRetry={onRetry} />, { route: '/' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { name: 'Methods' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Add' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
