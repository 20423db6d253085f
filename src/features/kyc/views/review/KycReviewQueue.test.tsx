// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { KycQueuePage, KycSubmission } from '../../../../../domain/kyc';
import { OPERATOR_PATHS } from '../../../../../domain/operators';
import { fakeApi, renderWithFlows } from '../../../../app/testing/viewHarness';
import { createStepUpReader } from '../../../../kit/operatorStepUp/stepUp';
import { createKycReviewActors } from '../../actors/kyc.actors';
import { KycContext } from '../../kyc.context';
import type { KycFlows } from '../../kyc.hooks';
import { kycReviewMachine, type KycReviewRecord } from '../../machines/kycReview/kycReview.machine';
import { KycReviewQueue } from './KycReviewQueue';

afterEach(cleanup);

const ada: KycSubmission = { id: 7, user_id: 10001, account: 'ada@example.org', real_name: 'Ada Lovelace', id_number: 'X1234567', status: 2, reason: '', created_at: '2026-01-02T03:04:05Z', reviewed_at: null };
const queue: KycQueuePage = { list: [ada], total: 45, page: 1, size: 20 };

/** The review desk over a fake operator API (the photos' reads stood in for). */
async function renderQueue() {
  const { api, calls } = fakeApi({
    '/api/operator/kyc/list': (body: unknown) => ({ ...queue, page: (body as { page: number }).page }),
    [OPERATOR_PATHS.mySessions]: [],
  });
  const review = createKycReviewActors(api, { getToken: () => 't', getLang: () => 'en_US' });
  const fetchDetail = fromPromise<KycReviewRecord, { id: number }>(async () => ({ submission: ada, front: 'data:image/png;base64,', back: 'data:image/png;base64,' }));
  const flows = {
    kycReview: kycReviewMachine.provide({
      actors: { fetchQueue: review.fetchQueue, fetchDetail, approve: review.approve, reject: review.reject, readStepUp: createStepUpReader(api) },
      actions: { showToast: () => undefined },
    }),
  } as unknown as KycFlows;
  await renderWithFlows(KycContext, flows, <KycReviewQueue />);
  return calls;
}

describe('identity review queue view', () => {
  it('searches by email, account or user id from the first page, and pages through the queue', async () => {
    const calls = await renderQueue();
    expect(calls.at(-1)).toEqual({ path: '/api/operator/kyc/list', body: { page: 1, size: 20 } });
    expect(screen.getByText('Page 1 of 3 · 45 records')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await act(async () => undefined);
    expect(calls.at(-1)).toEqual({ path: '/api/operator/kyc/list', body: { page: 2, size: 20 } });
    const search = screen.getByRole('search', { name: 'Search the queue' });
    fireEvent.change(within(search).getByLabelText('Email, account or user ID'), { target: { value: ' ada@ ' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Find' }));
    await act(async () => undefined);
    expect(calls.at(-1)).toEqual({ path: '/api/operator/kyc/list', body: { search: 'ada@', page: 1, size: 20 } });
    fireEvent.click(within(search).getByRole('button', { name: 'Show all' }));
    await act(async () => undefined);
    expect(calls.at(-1)).toEqual({ path: '/api/operator/kyc/list', body: { page: 1, size: 20 } });
  });

  it('a rejection confirmed without a reason says so at the reason field, and sends nothing', async () => {
    const calls = await renderQueue();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await act(async () => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await act(async () => undefined);
    const dialog = screen.getByRole('dialog', { name: 'Reject this identity?' });
    fireEvent.change(within(dialog).getByLabelText('Your 2FA code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await act(async () => undefined);
    const reason = within(dialog).getByLabelText('Reason shown to the user');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(reason.getAttribute('aria-describedby')!);
    expect(error?.textContent).toBe('Please give a reason for the rejection');
    expect(error?.getAttribute('role')).toBe('alert');
    expect(calls.filter((c) => c.path === '/api/operator/kyc/reject')).toEqual([]);
    // A reason typed: the field's error goes, and the rejection is sent with it.
    fireEvent.change(reason, { target: { value: 'Photo is blurred' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await act(async () => undefined);
    expect(calls.filter((c) => c.path === '/api/operator/kyc/reject')).toEqual([{ path: '/api/operator/kyc/reject', body: { id: 7, reason: 'Photo is blurred', code: '123456' } }]);
  });
});
