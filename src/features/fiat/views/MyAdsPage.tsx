import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FIAT_CURRENCIES, isFiatCode, type FiatMyAd } from '../../../../domain/fiat';
import { decimalInput } from '../../../../domain/orderMath';
import { Badge } from '../../../app/ui/Badge';
import { Button } from '../../../app/ui/Button';
import { RetryButton } from '../../../app/ui/RetryButton';
import { ConfirmActDialog, ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { DataTable } from '../../../app/ui/DataTable';
import { Pager } from '../../../app/ui/RecordFilters';
import { PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { PressedChoice } from '../../../app/ui/Segmented';
import { useAppFlow } from '../../../app/views/hooks';
import { useAdForm } from '../fiat.hooks';
import type { AdChange, AdField } from '../machines/adForm/adForm.machine';
import { money } from '../../../../domain/figures';
import { fiatFigure } from './fiatFormat';
import { Frame } from './fiatStyles';
import { StandingNotice } from './StandingNotice';
import { ProofDialog, ProvenActDialog } from './ProofDialog';
import { TextLink } from '../../../app/ui/TextLink';

const STATUS_KEYS = { online: 'fiat.ads.online', paused: 'fiat.ads.paused', closed: 'fiat.ads.closed' } as const;

/**
 * /deal/my-ads: publish a buy or sell ad (verified users; a sell ad freezes its total) and pause,
 * resume or close one's ads. A sell ad going online (published or resumed) freezes crypto for anyone
 * to take, so its confirmation asks for the funds password and, 2FA on, the code (issue 49 §2).
 */
export function MyAdsPage() {
  const { t } = useTranslation();
  const app = useAppFlow();
  const f = useAdForm(isFiatCode(app.pricing.name) ? app.pricing.name : 'USD');
  const coins = app.currencies.filter((c) => c.legal_status === 1);
  const input = (field: AdField, label: string) => (
    <label>
      {label}
      <input name={field} inputMode="decimal" value={f.form[field]} onChange={(e) => f.field(field, decimalInput(e.target.value))} />
    </label>
  );
  return (
    <Frame>
      <Panel>
        <PanelBody>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
            <PageTitle>{t('fiat.ads.title')}</PageTitle>
            <Link to="/deal">{t('fiat.backToAds')}</Link>
          </div>
          <div className="controls">
            <PressedChoice role="radiogroup" label={t('fiat.col.side')} value={f.form.side} options={[['sell', t('deal.sell')], ['buy', t('deal.buy')]]} onChoose={(side) => f.field('side', side)} />
            <label>
              {t('deal.crypto')}
              <select value={f.form.crypto} onChange={(e) => f.field('crypto', e.target.value)}>
                {coins.map((c) => (
                  <option key={c.symbol}>{c.symbol}</option>
                ))}
              </select>
            </label>
            <label>
              {t('deal.fiat')}
              <select value={f.form.fiat} onChange={(e) => f.field('fiat', e.target.value)}>
                {FIAT_CURRENCIES.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
            <PressedChoice
              role="radiogroup"
              label={t('fiat.ads.priceKind')}
              value={f.form.price_kind}
              options={[['fixed', t('fiat.ads.fixed')], ['margin', t('fiat.ads.margin')]]}
              onChoose={(kind) => f.field('price_kind', kind)}
            />
            {f.form.price_kind === 'fixed' ? input('fixed_price', `${t('fiat.col.price')} (${f.form.fiat})`) : input('margin', t('fiat.ads.marginPercent'))}
            {input('total', `${t('fiat.ads.total')} (${f.form.crypto})`)}
            {input('min_amount', `${t('fiat.ads.min')} (${f.form.fiat})`)}
            {input('max_amount', `${t('fiat.ads.max')} (${f.form.fiat})`)}
          </div>
          <fieldset style={{ border: 0, padding: 0, margin: '12px 0' }}>
            <legend className="dim">{t('fiat.ads.methods')}</legend>
            {f.data?.methods.length === 0 && (
              <span>
                {t('fiat.noMethods')} <TextLink to="/user/addCollAddr">{t('fiat.addMethod')}</TextLink>
              </span>
            )}
            {f.data?.methods.map((m) => (
              <label key={m.id} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
                <input type="checkbox" style={{ minWidth: 0 }} checked={f.methodIds.includes(m.id)} onChange={(e) => f.method(m.id, e.target.checked)} />
                {m.bank_name} · {m.card_number}
              </label>
            ))}
          </fieldset>
          <label>
            {t('fiat.ads.terms')}
            <textarea rows={2} maxLength={500} value={f.form.terms} onChange={(e) => f.field('terms', e.target.value)} />
          </label>
          <p className="faint">{t(f.form.side === 'sell' ? 'fiat.ads.sellNote' : 'fiat.ads.buyNote')}</p>
          <Button $variant="primary" disabled={f.problem !== undefined || f.loading} onClick={f.submit}>
            {t('fiat.ads.publish')}
          </Button>
        </PanelBody>
      </Panel>
      <Panel>
        <PanelBody>
          <StandingNotice standing={f.data?.standing} />
          {f.data && f.data.ads.frozen.length > 0 && (
            <p className="dim">{t('fiat.ads.frozenTotal', { frozen: f.data.ads.frozen.map((x) => `${money(x.quantity, x.crypto)} ${x.crypto}`).join(', ') })}</p>
          )}
          <DataTable<FiatMyAd>
            label={t('fiat.ads.title')}
            rows={f.data?.ads.list ?? []}
            emptyKey={f.loading ? 'common.loading' : 'fiat.ads.none'}
            columns={[
              { key: 'fiat.col.side', render: (a) => t(a.side === 'buy' ? 'deal.buyCoin' : 'deal.sellCoin', { coin: `${a.crypto}/${a.fiat}` }) },
              { key: 'fiat.col.price', align: 'right', render: (a) => <span className="num">{a.price === '' ? t('fiat.ads.noPrice') : fiatFigure(a.price, a.fiat)}</span> },
              { key: 'fiat.col.available', align: 'right', render: (a) => <span className="num">{money(a.remaining, a.crypto)} / {money(a.total, a.crypto)}</span> },
              { key: 'fiat.col.frozen', align: 'right', render: (a) => <span className="num">{money(a.frozen, a.crypto)} {a.crypto}</span> },
              { key: 'fiat.col.limits', align: 'right', render: (a) => <span className="num">{fiatFigure(a.min_amount, a.fiat)} – {fiatFigure(a.max_amount, a.fiat)}</span> },
              { key: 'col.status', render: (a) => <Badge $tone={a.status === 'online' ? 'up' : 'dim'}>{t(STATUS_KEYS[a.status])}</Badge> },
              {
                key: 'col.actions',
                align: 'right',
                render: (a) => (
                  <span style={{ display: 'inline-flex', gap: 6 }}>
                    <Button $small $variant="ghost" onClick={() => f.setStatus(a.id, a.status === 'online' ? 'paused' : 'online')}>
                      {t(a.status === 'online' ? 'fiat.ads.pause' : 'fiat.ads.resume')}
                    </Button>
                    <Button $small $variant="danger" onClick={() => f.setStatus(a.id, 'closed')}>
                      {t('fiat.ads.close')}
                    </Button>
                  </span>
                ),
              },
            ]}
          />
          {f.data && <Pager page={f.data.ads.page} size={f.data.ads.size} total={f.data.ads.total} onPage={f.setPage} />}
          {f.failed && <RetryButton small onRetry={f.retry} />}
        </PanelBody>
      </Panel>
      {f.sells && (f.confirming || f.publishing) && (
        <ProofDialog title={t('fiat.ads.publish')} tone="primary" busy={f.publishing} twoFactor={f.data?.twoFactor} refusal={f.refusal} onCancel={f.back} onConfirm={f.confirm}>
          {t('fiat.ads.confirmSell', { total: money(f.form.total, f.form.crypto), crypto: f.form.crypto, fiat: f.form.fiat })}
        </ProofDialog>
      )}
      {!f.sells && (f.confirming || f.publishing) && (
        <ConfirmDialog title={t('fiat.ads.publish')} cancelLabel={t('common.cancel')} confirmLabel={t('common.confirm')} busy={f.publishing} onCancel={f.back} onConfirm={() => f.confirm()}>
          {t(f.form.side === 'sell' ? 'fiat.ads.confirmSell' : 'fiat.ads.confirmBuy', { total: money(f.form.total, f.form.crypto), crypto: f.form.crypto, fiat: f.form.fiat })}
        </ConfirmDialog>
      )}
      <ConfirmActDialog<AdChange> actor={f.statusQuestion} tone="primary" texts={(c) => (c.status === 'paused' ? { titleKey: 'fiat.ads.title', questionKey: 'fiat.ads.confirmPause', confirmKey: 'fiat.ads.pause' } : { titleKey: 'fiat.ads.title', questionKey: 'fiat.ads.confirmResume', confirmKey: 'fiat.ads.resume' })} />
      <ConfirmActDialog actor={f.closeQuestion} texts={() => ({ titleKey: 'fiat.ads.title', questionKey: 'fiat.ads.confirmClose', keepKey: 'fiat.ads.keepAd', confirmKey: 'fiat.ads.close' })} />
      <ProvenActDialog actor={f.resumeQuestion} tone="primary" texts={() => ({ titleKey: 'fiat.ads.title', questionKey: 'fiat.ads.confirmResumeSell' })} />
    </Frame>
  );
}
