import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { money, percent, quantity, ratioPercent, tone as signTone, unitPrice } from '../../../../domain/figures';
import { icoOpen, ICO_CURRENCY, type IcoProject, type IcoSubscription } from '../../../../domain/ico';
import { Badge } from '../../../app/ui/Badge';
import { Button } from '../../../app/ui/Button';
import { RetryAlert } from '../../../app/ui/RetryButton';
import { Muted, PageTitle } from '../../../app/ui/Panel';
import { STATUS_KEYS, useIcoBoard } from '../ico.hooks';
import { dateTime, term } from './icoFormat';
import { SubscribeDialog, ThawDialog } from './IcoDialogs';

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-end;
  gap: 16px;
  flex-wrap: wrap;
  margin-bottom: 14px;
  .account { display: flex; gap: 16px; align-items: baseline; font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  .account b { color: ${({ theme }) => theme.color.text}; font-weight: 600; }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(330px, 1fr));
  gap: 12px;
`;

// The facts' labels and values wrap at their spaces (a range after its dash): kept on one line, a
// column was as wide as its longest label and the three overflowed a 330 px card in German,
// Russian, French, Spanish and Turkish ("Toplam serbest bırakı", cut by the card's edge). A
// column still grows for one long word or figure, never cuts it. A row's labels share one grid row
// and its values the next (subgrid), so values stay level under labels of one line and of two.
const Card = styled.article`
  background: ${({ theme }) => theme.color.panel};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 6px;
  padding: 14px 16px;
  display: flex;
  flex-direction: column;
  gap: 10px;
  header { display: flex; align-items: center; gap: 10px; }
  .logo { width: 34px; height: 34px; flex: none; border-radius: 50%; display: grid; place-items: center; font-weight: 700; font-size: 13px;
    background: ${({ theme }) => theme.color.panelRaised}; color: ${({ theme }) => theme.color.accent}; border: 1px solid ${({ theme }) => theme.color.border}; }
  .title { flex: 1; min-width: 0; }
  .title h2 { margin: 0; font-size: 15px; font-weight: 600; }
  .title span { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  .desc { margin: 0; font-size: 12px; color: ${({ theme }) => theme.color.textDim}; min-height: 32px; }
  .desc small { margin-left: 6px; font-size: 11px; color: ${({ theme }) => theme.color.textFaint}; white-space: nowrap; }
  dl { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px 10px; margin: 0; }
  dl > div { display: grid; grid-row: span 2; grid-template-rows: subgrid; row-gap: 0; }
  dt { align-self: end; font-size: 11px; color: ${({ theme }) => theme.color.textFaint}; }
  dd { margin: 2px 0 0; font-size: 13px; font-variant-numeric: tabular-nums; }
  .mine { border-top: 1px dashed ${({ theme }) => theme.color.border}; padding-top: 8px; }
  .mine dl { grid-template-columns: repeat(3, 1fr); }
  .actions { display: flex; gap: 8px; margin-top: auto; }
  .actions button { flex: 1; }
`;

const Bar = styled.div<{ $value: number }>`
  .row { display: flex; justify-content: space-between; font-size: 12px; color: ${({ theme }) => theme.color.textDim}; margin-bottom: 4px; }
  .row b { color: ${({ theme }) => theme.color.text}; font-weight: 600; }
  .track { height: 6px; border-radius: 3px; background: ${({ theme }) => theme.color.border}; overflow: hidden; }
  .fill { height: 100%; width: ${({ $value }) => $value}%; background: ${({ theme }) => theme.color.accent}; border-radius: 3px; }
`;

const tone = (p: IcoProject) => (p.status === 'in_progress' ? 'up' : p.status === 'ending_soon' ? 'warn' : 'dim') as 'up' | 'warn' | 'dim';

/** /subscribe (spec §2, §3, §4): project cards, the join popup, add more and thaw. */
export function SubscribePage() {
  const { t } = useTranslation();
  const board = useIcoBoard();
  const data = board.data;
  return (
    <div style={{ padding: '16px 0' }}>
      <Head>
        <div>
          <PageTitle>{t('page.subscribe.title')}</PageTitle>
          <Muted>{t('page.subscribe.intro')}</Muted>
        </div>
        {data?.account && (
          <div className="account" data-testid="ico-account">
            <span>
              {t('ico.account')}: <b>{money(data.account.available, ICO_CURRENCY)} {ICO_CURRENCY}</b>
            </span>
            <span>
              {t('col.frozen')}: <b>{money(data.account.frozen, ICO_CURRENCY)} {ICO_CURRENCY}</b>
            </span>
            {/* Funds for a subscription go to the ICO account: the transfer opens with it as the destination. */}
            <Link to={`/wallet/transfer?currency=${ICO_CURRENCY}&from=spot&to=ico`}>{t('menu.wallet.transfer')}</Link>
          </div>
        )}
      </Head>
      <RetryAlert failed={board.failed} onRetry={board.retry} />
      {!data && !board.failed && <Muted>{t('common.loading')}</Muted>}
      {data && data.projects.length === 0 && <Muted>{t('ico.empty')}</Muted>}
      <Grid>
        {data?.projects.map((p) => <ProjectCard key={p.id} project={p} mine={board.mine(p.id)} remaining={board.remaining(p.id)} onJoin={board.join} onThaw={board.thaw} signedIn={Boolean(data.account)} />)}
      </Grid>
      {board.subscribeRef && <SubscribeDialog actor={board.subscribeRef} />}
      {board.thawRef && <ThawDialog actor={board.thawRef} projects={data?.projects} />}
    </div>
  );
}

function ProjectCard(props: { project: IcoProject; mine: IcoSubscription | undefined; remaining: number; onJoin: (id: number) => void; onThaw: (id: number) => void; signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const p = props.project;
  const m = props.mine;
  const open = icoOpen(p.status);
  const left = term(props.remaining);
  const filled = Math.min(100, Number(p.progress) * 100);
  const increase = p.price_increase;
  /** A token quantity of this project, at its token places. */
  const qty = (value: string | null | undefined) => quantity(value, p.token_places);
  return (
    <Card data-testid={`ico-card-${p.symbol}`} aria-label={p.name}>
      <header>
        <div className="logo" aria-hidden>{p.symbol.slice(0, 2)}</div>
        <div className="title">
          <h2>{p.symbol}</h2>
          <span>{p.name}</span>
        </div>
        <Badge $tone={tone(p)} data-testid="ico-status">{t(STATUS_KEYS[p.status])}</Badge>
      </header>
      <p className="desc" data-testid="ico-description">
        <span lang={p.description_lang.replace('_', '-')}>{p.description}</span>
        {/* The operator wrote none in the reader's language: say the text is the default language's. */}
        {p.description_fallback && <small data-testid="ico-description-fallback">{t('ico.shownInDefault')}</small>}
      </p>
      <Bar $value={filled}>
        <div className="row">
          <span>{t('col.progress')} <b>{ratioPercent(p.progress)}</b></span>
          <span className="num">{qty(p.subscribed)} / {qty(p.total)} {p.symbol}</span>
        </div>
        <div className="track" role="progressbar" aria-valuenow={Math.round(filled)} aria-valuemin={0} aria-valuemax={100}>
          <div className="fill" />
        </div>
      </Bar>
      <dl>
        <div><dt>{t('col.raisePrice')}</dt><dd>{unitPrice(p.price, ICO_CURRENCY)} {ICO_CURRENCY}</dd></div>
        <div>
          <dt>{t('col.priceIncrease')}</dt>
          <dd className={signTone(increase)}>{percent(increase)}</dd>
        </div>
        <div>
          <dt>{t('col.remainingTerm')}</dt>
          <dd>{open || p.status === 'upcoming' ? (left.d === 0 && left.h === 0 ? t('ico.termShort', left) : t('ico.term', left)) : '—'}</dd>
        </div>
        <div><dt>{t('col.endTime')}</dt><dd>{dateTime(p.end_at, i18n.language)}</dd></div>
        <div><dt>{t('ico.participants')}</dt><dd>{p.participants}</dd></div>
        <div><dt>{t('ico.limits')}</dt><dd>{qty(p.min_quantity)}–<wbr />{qty(p.max_quantity)}</dd></div>
      </dl>
      {m && (
        <div className="mine" data-testid="ico-mine">
          <dl>
            <div><dt>{t('col.subscribed')}</dt><dd>{qty(m.quantity)}</dd></div>
            <div><dt>{t('col.paid')}</dt><dd>{money(m.paid, ICO_CURRENCY)} {ICO_CURRENCY}</dd></div>
            <div><dt>{t('col.winQuantity')}</dt><dd data-testid="ico-allocated">{qty(m.allocated)}</dd></div>
            {/* The project's winning rate where the user took part too, not only to those who did not (issue 50 C1). */}
            {m.allocated !== null && p.winning_rate && <div><dt>{t('col.winRate')}</dt><dd data-testid="ico-win-rate">{ratioPercent(p.winning_rate)}</dd></div>}
            <div><dt>{t('col.frozen')}</dt><dd>{m.allocated === null ? `${money(m.paid, ICO_CURRENCY)} ${ICO_CURRENCY}` : `${qty(m.frozen)} ${m.symbol}`}</dd></div>
            <div><dt>{t('ico.releasedToday')}</dt><dd>{qty(m.released_today)}</dd></div>
            <div><dt>{t('ico.releasedTotal')}</dt><dd data-testid="ico-released">{qty(m.released_total)}</dd></div>
          </dl>
        </div>
      )}
      <div className="actions">
        {open && props.signedIn && (
          <Button type="button" $variant="primary" onClick={() => props.onJoin(p.id)}>
            {m ? t('ico.addMore') : t('ico.participate')}
          </Button>
        )}
        {/* A visitor is asked to log in first (spec §6), as on the trade pages, not shown a dead button. */}
        {open && !props.signedIn && (
          <Button as={Link} to="/login" $variant="primary">
            {t('ico.loginFirst')}
          </Button>
        )}
        {m && m.allocated !== null && (
          <Button type="button" $variant="ghost" onClick={() => props.onThaw(p.id)} disabled={m.thawable === '0'}>
            {t('ico.thaw')} {m.thawable !== '0' ? `(${qty(m.thawable)})` : ''}
          </Button>
        )}
        {!open && !m && <Muted style={{ fontSize: 12 }}>{p.winning_rate && p.participants > 0 ? `${t('col.winRate')}: ${ratioPercent(p.winning_rate)}` : t(STATUS_KEYS[p.status])}</Muted>}
      </div>
    </Card>
  );
}
