// @vitest-environment jsdom
/**
 * A finished order's chat is for reading: once the order is completed or cancelled, neither party
 * is offered a message box or the payment-proof upload (an audit found both still offered on a
 * completed order), and the history stays on the page.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { FiatChatMessage, FiatOrder } from '../../../../domain/fiat';
import { inShell, renderWithFlows } from '../../../app/testing/viewHarness';
import { FiatContext } from '../fiat.context';
import type { FiatFlows } from '../fiat.hooks';
import { fiatBuyerMachine } from '../machines/fiatBuyer/fiatBuyer.machine';
import { fiatChatMachine } from '../machines/fiatChat/fiatChat.machine';
import { CANCELLED, CHAT_TEXT, COMPLETED, loaded, PAID } from '../machines/fiatFixtures';
import type { LoadedOrder } from '../machines/fiatOrderShared';
import { fiatSellerMachine } from '../machines/fiatSeller/fiatSeller.machine';
import { BuyerView } from './BuyerView';
import { SellerView } from './SellerView';

afterEach(cleanup);

const quiet = fromCallback<EventObject, { orderId: number }>(() => () => undefined);

function flowsFor(order: FiatOrder): FiatFlows {
  const loadOrder = fromPromise<LoadedOrder, { orderId: number }>(async () => loaded(order));
  const actions = { showToast: () => undefined };
  const chat = fiatChatMachine.provide({
    actors: { loadChat: fromPromise<FiatChatMessage[], { orderId: number }>(async () => [CHAT_TEXT]), chatUpdates: quiet },
  });
  return {
    buyer: fiatBuyerMachine.provide({ actors: { loadOrder, orderUpdates: quiet }, actions }),
    seller: fiatSellerMachine.provide({ actors: { loadOrder, orderUpdates: quiet }, actions }),
    chat,
  } as unknown as FiatFlows;
}

async function showOrder(order: FiatOrder, role: 'buyer' | 'seller') {
  const mine = { ...order, role };
  const view = role === 'buyer' ? <BuyerView orderId={order.id} step="confirm" /> : <SellerView orderId={order.id} />;
  const route = role === 'buyer' ? `/deal/buy-confirm/${order.id}` : `/deal/sell-detail/${order.id}`;
  const i18n = await renderWithFlows(FiatContext, flowsFor(mine), inShell(view), { route });
  // The history is read and shown in every case.
  await screen.findByText(CHAT_TEXT.text);
  return i18n;
}

describe('P2P order chat on a finished order', () => {
  it.each([
    ['buyer', 'completed', COMPLETED, 'fiat.chat.closedCompleted'],
    ['seller', 'completed', COMPLETED, 'fiat.chat.closedCompleted'],
    ['buyer', 'cancelled', CANCELLED, 'fiat.chat.closed'],
    ['seller', 'cancelled', CANCELLED, 'fiat.chat.closed'],
  ] as const)('the %s of a %s order reads the chat but is offered no upload and no message box', async (role, _status, order, said) => {
    const i18n = await showOrder(order, role);
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(screen.queryByRole('textbox', { name: i18n.t('fiat.chat.message') })).toBeNull();
    expect(screen.getByTestId('chat-closed').textContent).toBe(i18n.t(said));
  });

  it('a finished order without messages does not invite writing', async () => {
    const mine = { ...COMPLETED, role: 'seller' as const };
    const flows = { ...flowsFor(mine), chat: fiatChatMachine.provide({ actors: { loadChat: fromPromise<FiatChatMessage[], { orderId: number }>(async () => []), chatUpdates: quiet } }) } as FiatFlows;
    const i18n = await renderWithFlows(FiatContext, flows, inShell(<SellerView orderId={mine.id} />), { route: `/deal/sell-detail/${mine.id}` });
    expect((await screen.findByTestId('chat-closed')).textContent).toBe(i18n.t('fiat.chat.closedCompleted'));
    expect(screen.queryByText(i18n.t('fiat.chat.empty'))).toBeNull();
  });

  it.each(['buyer', 'seller'] as const)('the %s of a paid order may still write and attach', async (role) => {
    const i18n = await showOrder(PAID, role);
    expect(document.querySelector('input[type="file"]')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: i18n.t('fiat.chat.message') })).toBeTruthy();
    expect(screen.queryByTestId('chat-closed')).toBeNull();
  });
});
