import { fromCallback, type EventObject, type Subscription } from 'xstate';

/** The price a trade page shows as its pair's last: the newest trade's (with its taker side), or a fallback without one. */
export interface LastPrice {
  price: string;
  side: 'buy' | 'sell' | undefined;
}

/**
 * What a trade page hands its product's machines so they follow its last price without the view
 * pushing it (the markets product's `pairWatch` actor is one): an actor whose context holds `last`.
 */
export interface LastPriceSource {
  getSnapshot(): { context: { last: LastPrice | undefined } };
  subscribe(next: (snapshot: { context: { last: LastPrice | undefined } }) => void): Subscription;
}

/** The event a form hears when the page's last price moves (the spot and futures forms prefill their price from it). */
export interface LastPriceEvent {
  type: 'form.lastPrice';
  price: string;
}

/**
 * A form's child that follows the page's last price (`source`, none on a page without one): it
 * tells its parent the price at once and again each time it changes.
 */
export const followLastPrice = fromCallback<EventObject, { source: LastPriceSource | undefined }>(({ input, sendBack }) => {
  const { source } = input;
  if (!source) return () => undefined;
  let told: string | undefined;
  const tell = (last: LastPrice | undefined) => {
    if (last === undefined || last.price === told) return;
    told = last.price;
    sendBack({ type: 'form.lastPrice', price: last.price } satisfies LastPriceEvent);
  };
  tell(source.getSnapshot().context.last);
  const subscription = source.subscribe((snapshot) => tell(snapshot.context.last));
  return () => subscription.unsubscribe();
});
