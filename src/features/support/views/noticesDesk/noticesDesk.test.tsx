// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { inShell, renderView } from '../../../../app/testing/viewHarness';
import { fromCallback, fromPromise } from 'xstate';
import type { NoticeDetail } from '../../../../../domain/notices';
import { noticeDetailMachine } from '../../machines/notices/noticeDetail.machine';
import { NOTICE_DETAIL, OPERATOR_NOTE, OPERATOR_NOTICE } from '../../machines/notices/noticeFixtures';
import { noticesDeskMachine } from '../../machines/noticesDesk/noticesDesk.machine';
import { SupportContext } from '../../support.context';
import type { SupportFlows } from '../../support.hooks';
import { NoticeDetailPage } from '../notices/NoticeDetailPage';
import { NoticesDesk } from './NoticesDesk';

afterEach(cleanup);

/** Text that would run or load something if it were ever read as HTML. */
const HOSTILE = '<img src=x onerror="window.hacked=1"><script>window.hacked=1</script>';

async function renderWith(flows: Partial<SupportFlows>, children: ReactNode) {
  await renderView(inShell(<SupportContext.Provider value={flows as SupportFlows}>{children}</SupportContext.Provider>));
}

describe('notice pages render text, never HTML', () => {
  it('a notice shown in English is marked, and its text stays text', async () => {
    const hostile: NoticeDetail = { detail: { ...NOTICE_DETAIL.detail, title: HOSTILE, content: `${HOSTILE}\n\n- ${HOSTILE}` } };
    const noticeDetail = noticeDetailMachine.provide({ actors: { fetchNotice: fromPromise(async () => hostile), noticeUpdates: fromCallback(() => undefined) } });
    await renderWith(
      { noticeDetail },
      <MemoryRouter initialEntries={['/notices/2']}>
        <Routes>
          <Route path="/notices/:id" element={<NoticeDetailPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Shown in English')).toBeTruthy();
    expect(document.querySelector('img, script')).toBeNull();
    expect(screen.getAllByText(HOSTILE).length).toBe(3);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});

describe('notices desk view', () => {
  it('lists notices and notes; the editor previews what a language’s readers see, as text', async () => {
    const noticesDesk = noticesDeskMachine.provide({
      actors: { fetchDesk: fromPromise(async () => ({ notices: [OPERATOR_NOTICE], notes: [OPERATOR_NOTE] })) },
    });
    await renderWith({ noticesDesk }, <NoticesDesk />);
    const table = screen.getByRole('table', { name: 'Announcements' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Scheduled maintenance')).toBeTruthy();
    expect(within(row).getByText('2/9')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Publish' })).toBeTruthy();
    // The note's name (the footer's link) and its English title.
    expect(within(screen.getByRole('table', { name: 'Platform notes' })).getAllByText('About us')).toHaveLength(2);

    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('tab', { name: /Deutsch/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    // German has no text yet: its readers get English, marked.
    const preview = screen.getByRole('region', { name: /Deutsch/ });
    expect(within(preview).getByText('Scheduled maintenance')).toBeTruthy();
    expect(within(preview).getByText('Shown in English')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Wartung' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Text/ }), { target: { value: HOSTILE } });
    expect(within(preview).getByText('Wartung')).toBeTruthy();
    expect(within(preview).queryByText('Shown in English')).toBeNull();
    expect(within(preview).getByText(HOSTILE)).toBeTruthy();
    expect(preview.querySelector('img, script')).toBeNull();
  });
});
