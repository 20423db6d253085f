/**
 * The order-book render benchmark page: the real OrderBookPanel, the real order-book machine and
 * depth feed, fed by a fake socket at a fixed number of updates per second. React's Profiler
 * reports each commit; the page exposes the figures on window.__bench for bench/render.ts.
 */
import { useSelector } from '@xstate/react';
import { Profiler, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { createActor } from 'xstate';
import { createDepthFeedActor } from '../../src/kit/trade/actors/depthFeed.actor';
import { createFakeSocket } from '../../src/services/testing/fakeSocket';
import type { Pair } from '../../domain/api';
import { orderBookMachine } from '../../src/kit/trade/machines/orderBook/orderBook.machine';
import { createBrowserFrameScheduler, type FrameScheduler } from '../../src/services/frameScheduler';
import { initI18n } from '../../src/services/i18n';
import { OrderBookPanel } from '../../src/kit/trade/views/OrderBookPanel';
import { darkTheme, GlobalStyle } from '../../src/app/theme';

const pair: Pair = { left_symbol: 'BTC', right_symbol: 'USDT', is_hot: 1, trade_status: 1, contract_status: 1, price_precision: 2, amount_precision: 5, min_quantity: '0.00001', min_notional: '1' };
const channel = 'btc_usdt_depth';

const fake = createFakeSocket();
/** When the current frame's flush began: machine update, render and commit are timed from here. */
let frameStart = 0;
const browserFrames = createBrowserFrameScheduler(window);
const frames: FrameScheduler = {
  request: (flush) =>
    browserFrames.request(() => {
      frameStart = performance.now();
      flush();
    }),
};
const book = createActor(orderBookMachine.provide({ actors: { depthFeed: createDepthFeedActor(fake.socket, frames) } }), { input: { channel } }).start();

const renders: number[] = [];
const latencies: number[] = [];
const frameWork: number[] = [];
/** From the frame's flush to the start of React's render: the machine applying the deltas, its subscribers' selectors. */
const beforeRender: number[] = [];

/**
 * Renders whenever the book changes, after the panel; its layout effect runs once the whole commit
 * has reached the DOM, so now − frameStart is update + render + commit for that frame.
 */
function CommitProbe() {
  useSelector(book, (s) => s.context.book);
  useLayoutEffect(() => {
    if (frameStart) frameWork.push(performance.now() - frameStart);
  });
  return null;
}
let lastDispatch = 0;

let seq = 0;
let random = 42;
const rand = () => ((random = (random * 1103515245 + 12345) % 2147483648) / 2147483648);
const level = (price: number): [string, string] => [(price / 100).toFixed(2), (rand() * 0.5 + 0.001).toFixed(5)];

function snapshot() {
  seq = 1;
  const bids = Array.from({ length: 50 }, (_, i) => level(9_625_000 - i * 1_925));
  const asks = Array.from({ length: 50 }, (_, i) => level(9_625_050 + i * 1_925));
  fake.push(channel, { channel, kind: 'snapshot', seq, bids, asks });
}

/** One delta: a few levels near the top change size, one level goes and one comes. */
function delta() {
  seq += 1;
  const touch = (base: number, dir: number) => Array.from({ length: 3 }, () => level(base + dir * Math.floor(rand() * 10) * 1_925));
  lastDispatch = performance.now();
  fake.push(channel, { channel, kind: 'delta', seq, bids: touch(9_625_000, -1), asks: touch(9_625_050, 1) });
}

async function run(perSecond: number, seconds: number) {
  renders.length = 0;
  latencies.length = 0;
  frameWork.length = 0;
  beforeRender.length = 0;
  const interval = 1000 / perSecond;
  const end = performance.now() + seconds * 1000;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      delta();
      if (performance.now() >= end) {
        clearInterval(timer);
        setTimeout(resolve, 100);
      }
    }, interval);
  });
  return { renders: [...renders], latencies: [...latencies], frameWork: [...frameWork], beforeRender: [...beforeRender] };
}

const i18n = await initI18n('en_US');
createRoot(document.getElementById('root')!).render(
  <I18nextProvider i18n={i18n}>
    <ThemeProvider theme={darkTheme}>
      <GlobalStyle />
      <Profiler
        id="book"
        onRender={(_id, _phase, actualDuration, _base, startTime, commitTime) => {
          renders.push(actualDuration);
          if (frameStart) beforeRender.push(startTime - frameStart);
          if (lastDispatch) latencies.push(commitTime - lastDispatch);
        }}
      >
        <OrderBookPanel bookRef={book} pair={pair} last={{ price: '96250.5', side: 'buy' }} lastInFiat="$96,269.75" />
        <CommitProbe />
      </Profiler>
    </ThemeProvider>
  </I18nextProvider>,
);
snapshot();
(window as unknown as { __bench: unknown }).__bench = { run };
