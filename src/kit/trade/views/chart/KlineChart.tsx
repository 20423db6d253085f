import { dispose, init, type Chart, type DataLoaderGetBarsParams, type DataLoaderSubscribeBarParams } from 'klinecharts';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import type { Pair } from '../../../../../domain/api';
import type { KlineActorRef } from '../../machines/kline/kline.machine';
import { Button } from '../../../../app/ui/Button';
import { CHART_PERIODS, toChartBar, toChartLevel, type ChartLevel } from './chartAdapter';
import { chartFormatter, chartThousands } from './chartFormat';
import { localiseVolumeLegend, registerChartLocale } from './chartLocale';
import { chartStyles } from './chartStyles';
import { useKline } from '../../trade.hooks';
import { labelWidth, ticksInside } from './axisTicks';
import { candleGaps, estimatedGaps, volumeAverages } from './chartGaps';
import { Frame, Overlay } from './chartFrame';

const Canvas = styled.div`
  position: absolute;
  inset: 0;
`;

type InitCallback = DataLoaderGetBarsParams['callback'];
/** The overlays' group of the product's price levels. */
const LEVELS = 'levels';
type LiveCallback = DataLoaderSubscribeBarParams['callback'];

/**
 * klinecharts 10 fed from the kline machine through its DataLoader: `getBars('init')` waits for
 * the machine's history, `getBars('forward')` (scrolling left) asks the machine for an older
 * page, and `subscribeBar` receives the candle in progress. The chart object is presentation
 * owned by this component; every byte of data comes from the machine's snapshot.
 */
export function KlineChart(props: { klineRef: KlineActorRef; pair: Pair; label?: string; levels?: ChartLevel[] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const kline = useKline(props.klineRef);
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const latest = useRef(kline);
  latest.current = kline;
  const io = useRef<{ init?: InitCallback; older?: InitCallback; live?: LiveCallback; requestedLoad: number; deliveredLoad: number; deliveredOlder: number }>({
    requestedLoad: kline.loadId,
    deliveredLoad: -1,
    deliveredOlder: 0,
  });

  /** Hands the loaded history to a waiting getBars('init'), once the machine has it. */
  const deliverInit = useCallback(() => {
    const k = latest.current;
    const s = io.current;
    if (!s.init || k.status !== 'ready' || k.loadId !== s.requestedLoad) return;
    const callback = s.init;
    s.init = undefined;
    s.deliveredLoad = k.loadId;
    s.deliveredOlder = k.olderPage?.seq ?? 0;
    callback(k.bars.map(toChartBar), { forward: k.more, backward: false });
    if (k.liveBar) s.live?.(toChartBar(k.liveBar));
    // The newest candle in view, also when the frame's width settled after the chart was made.
    requestAnimationFrame(() => chart.current?.scrollToRealTime());
  }, []);

  // effect: klinecharts draws into this DOM node, which exists only after the commit.
  useEffect(() => {
    const host = element.current!;
    const created = init(host, {
      styles: chartStyles(theme),
      locale: registerChartLocale(i18n.language, t),
      formatter: chartFormatter(i18n.language),
      thousandsSeparator: chartThousands(i18n.language),
    });
    if (!created) return;
    chart.current = created;
    created.setSymbol({ ticker: `${props.pair.left_symbol}/${props.pair.right_symbol}`, pricePrecision: props.pair.price_precision, volumePrecision: props.pair.amount_precision });
    created.setPeriod(CHART_PERIODS[latest.current.interval]);
    created.createIndicator({ name: 'MA', paneId: 'candle_pane', calcParams: [7, 25, 99] }, true);
    created.createIndicator({ name: 'VOL', paneId: 'vol_pane', calcParams: volumeAverages(host.clientWidth) }, false);
    // The legend's band above the candles and the low mark's room below (chartGaps.ts), estimated
    // until the candle pane has a height; measured again after every resize below.
    created.overrideYAxis({ paneId: 'candle_pane', gap: estimatedGaps(host.clientWidth, host.clientHeight) });
    const width = labelWidth(`11px ${theme.font.body}`);
    created.overrideXAxis({ createTicks: ({ defaultTicks, bounding }) => ticksInside(defaultTicks, bounding.width, width) });
    // Whether the newest candle is in view, on the element for the browser tests (issue 50 S1).
    const markNewestShown = () => {
      host.dataset.newestShown = String(created.getVisibleRange().realTo >= created.getDataList().length);
    };
    created.subscribeAction('onVisibleRangeChange', markNewestShown);
    created.subscribeAction('onScroll', markNewestShown);
    created.setDataLoader({
      getBars: ({ type, callback }) => {
        if (type === 'init') {
          io.current.init = callback;
          deliverInit();
        } else if (type === 'forward' && latest.current.more) {
          io.current.older = callback;
          latest.current.loadOlder();
        } else {
          // Nothing older, and newer bars arrive through subscribeBar.
          callback([], { forward: false, backward: false });
        }
      },
      subscribeBar: ({ callback }) => {
        io.current.live = callback;
      },
      unsubscribeBar: () => {
        io.current.live = undefined;
      },
    });
    return () => {
      dispose(host);
      chart.current = null;
    };
    // Created once: the parent keys this component by pair; later changes go through the effects below.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- created once (see above); the later effects pass new pairs, texts and theme
  }, []);

  // A new load (another interval, or a reconnect): the chart drops its data and asks again.
  // effect: it calls into the klinecharts widget, which lives outside React's tree.
  useEffect(() => {
    const c = chart.current;
    const s = io.current;
    if (!c || kline.loadId === s.requestedLoad) return;
    s.requestedLoad = kline.loadId;
    s.older = undefined;
    const period = CHART_PERIODS[kline.interval];
    const shown = c.getPeriod();
    if (!shown || shown.type !== period.type || shown.span !== period.span) c.setPeriod(period);
    else c.resetData();
  }, [kline.loadId, kline.interval]);

  // effect: hands the machine's history to the widget's waiting callback, outside React's tree.
  useEffect(deliverInit, [kline.status, kline.loadId, deliverInit]);

  // effect: an older page goes to the widget's waiting getBars('forward') callback.
  useEffect(() => {
    const s = io.current;
    const page = kline.olderPage;
    if (!page || !s.older || page.seq <= s.deliveredOlder) return;
    const callback = s.older;
    s.older = undefined;
    s.deliveredOlder = page.seq;
    // After a failure the chart may ask again on the next scroll.
    callback(page.bars.map(toChartBar), { forward: page.failed || page.more, backward: false });
  }, [kline.olderPage]);

  // effect: the candle in progress goes to the widget's subscribeBar callback.
  useEffect(() => {
    const s = io.current;
    if (kline.liveBar && s.live && s.deliveredLoad === kline.loadId) {
      s.live(toChartBar(kline.liveBar));
      const c = chart.current;
      if (c && element.current) element.current.dataset.newestShown = String(c.getVisibleRange().realTo >= c.getDataList().length);
    }
  }, [kline.liveBar, kline.loadId]);

  // The newest candle stays in view while the layout settles (a phone's width settles after the
  // first data: issue 50 S1 opened with the last ~10 candles off-screen), until the trader moves
  // the chart themselves; the legend's band is sized again to the pane's new height. klinecharts resizes in a frame of its own observer; this frame is asked
  // for after it, so the scroll works on the new width.
  // effect: a ResizeObserver and input listeners on the widget's DOM node, outside React's tree.
  useEffect(() => {
    const host = element.current!;
    let following = true;
    let shownAverages = volumeAverages(host.clientWidth).length;
    const userMoved = () => {
      following = false;
    };
    const events = ['pointerdown', 'wheel', 'touchstart', 'keydown'] as const;
    for (const name of events) host.addEventListener(name, userMoved, { passive: true });
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            requestAnimationFrame(() => {
              const c = chart.current;
              // The legend keeps its band at the pane's real height (issue 50 C5: on a phone it lay over the candles).
              const pane = c?.getSize('candle_pane')?.height;
              if (c && pane) c.overrideYAxis({ paneId: 'candle_pane', gap: candleGaps(host.clientWidth, pane) });
              // The volume averages come and go with the width (a phone turned), as their legend's line allows.
              const averages = volumeAverages(host.clientWidth);
              if (c && averages.length !== shownAverages) {
                shownAverages = averages.length;
                c.overrideIndicator({ name: 'VOL', paneId: 'vol_pane', calcParams: averages });
              }
              if (following) c?.scrollToRealTime();
            });
          });
    observer?.observe(host);
    return () => {
      observer?.disconnect();
      for (const name of events) host.removeEventListener(name, userMoved);
    };
  }, []);

  // effect: the widget paints its canvas itself; a theme change must be told to it.
  useEffect(() => {
    chart.current?.setStyles(chartStyles(theme));
  }, [theme]);

  // effect: the levels are the widget's overlays, drawn anew when they (or the theme's text colour) change.
  const { levels } = props;
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.removeOverlay({ groupId: LEVELS });
    if (levels?.length) c.createOverlay(levels.map((level) => toChartLevel(level, LEVELS, theme.color.accentText)));
  }, [levels, theme]);

  const shownLanguage = useRef(i18n.language);
  // effect: the widget's axis and legend texts, dates and figures are its own; a language change must be told to it.
  useEffect(() => {
    chart.current?.setLocale(registerChartLocale(i18n.language, t));
    chart.current?.setFormatter(chartFormatter(i18n.language));
    chart.current?.setThousandsSeparator(chartThousands(i18n.language));
    if (chart.current) localiseVolumeLegend(chart.current, i18n.language, t);
    // Another language's axis labels change the chart's width: keep the newest candle in view.
    if (shownLanguage.current !== i18n.language) chart.current?.scrollToRealTime();
    shownLanguage.current = i18n.language;
  }, [i18n.language, t]);

  const empty = kline.status === 'ready' && kline.bars.length === 0 && !kline.liveBar;
  return (
    <Frame>
      <Canvas ref={element} data-testid="kline-chart" data-interval={kline.interval} data-status={kline.status} role={props.label ? 'img' : undefined} aria-label={props.label} />
      {kline.status === 'loading' && <Overlay>{t('trade.chartLoading')}</Overlay>}
      {kline.status === 'failed' && (
        <Overlay role="alert">
          {t('trade.chartFailed')} {kline.error && ('key' in kline.error ? t(kline.error.key) : kline.error.text)}
          <Button $small $variant="ghost" onClick={kline.retry}>
            {t('common.retry')}
          </Button>
        </Overlay>
      )}
      {empty && <Overlay>{t('trade.noCandles')}</Overlay>}
    </Frame>
  );
}
