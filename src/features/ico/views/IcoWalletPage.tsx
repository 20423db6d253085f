import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { money } from '../../../../domain/figures';
import { ICO_CURRENCY, type IcoTokenBalance } from '../../../../domain/ico';
import { Button } from '../../../app/ui/Button';
import { DataTable } from '../../../app/ui/DataTable';
import { PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { useIcoBoard } from '../ico.hooks';
import { ThawDialog } from './IcoDialogs';
import { tokens } from './icoFormat';

/** /wallet/subscribe: the ICO account — USDT and each token with released today and in total, and thaw. */
export function IcoWalletPage() {
  const { t } = useTranslation();
  const board = useIcoBoard();
  const account = board.data?.account;
  const projectOf = (symbol: string) => board.data?.mine.find((m) => m.symbol === symbol);
  const title = t('menu.wallet.ico');
  /** A figure of a row: USDT as money, a token at its project's places (symbols are unique), as the wire sends it if the project is not on the board. */
  const amount = (r: IcoTokenBalance, value: string) =>
    r.symbol === ICO_CURRENCY ? money(value, ICO_CURRENCY) : tokens(value, board.data?.projects.find((p) => p.symbol === r.symbol)?.token_places);
  return (
    <Panel>
      <PanelBody>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
          <PageTitle>{title}</PageTitle>
          <span style={{ display: 'flex', gap: 12 }}>
            <Link to="/wallet/transfer">{t('menu.wallet.transfer')}</Link>
            <Link to="/subscribe">{t('nav.ico')} →</Link>
          </span>
        </div>
        <DataTable<IcoTokenBalance>
          label={title}
          rows={account ? [{ symbol: ICO_CURRENCY, available: account.available, frozen: account.frozen, released_today: '', released_total: '', thawable: '0' }, ...account.tokens] : []}
          rowKey={(r) => r.symbol}
          emptyKey={board.loading ? 'common.loading' : 'common.noData'}
          columns={[
            { key: 'col.currency', render: (r) => <b>{r.symbol}</b> },
            { key: 'col.available', align: 'right', render: (r) => <span className="num">{amount(r, r.available)}</span> },
            { key: 'col.frozen', align: 'right', render: (r) => <span className="num">{amount(r, r.frozen)}</span> },
            { key: 'ico.releasedToday', align: 'right', render: (r) => <span className="num" data-testid={`released-today-${r.symbol}`}>{r.released_today ? amount(r, r.released_today) : '—'}</span> },
            { key: 'ico.releasedTotal', align: 'right', render: (r) => <span className="num" data-testid={`released-total-${r.symbol}`}>{r.released_total ? amount(r, r.released_total) : '—'}</span> },
            {
              key: 'col.actions',
              align: 'right',
              render: (r) => {
                const m = projectOf(r.symbol);
                return m && r.thawable !== '0' ? <Button $small $variant="ghost" onClick={() => board.thaw(m.project_id)}>{t('ico.thaw')} ({amount(r, r.thawable)})</Button> : null;
              },
            },
          ]}
        />
        {board.thawRef && <ThawDialog actor={board.thawRef} projects={board.data?.projects} />}
      </PanelBody>
    </Panel>
  );
}
