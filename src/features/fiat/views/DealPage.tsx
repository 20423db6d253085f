import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { compareDecimal } from '../../../../domain/decimal';
import { decimalInput } from '../../../../domain/orderMath';
import { CRYPTO_PLACES, FIAT_CURRENCIES, FIAT_PLACES, isAmount, isFiatCode, orderFigures, type FiatAd } from '../../../../domain/fiat';
import { Button } from '../../../app/ui/Button';
import { DataTable } from '../../../app/ui/DataTable';
import { OptionSelect } from '../../../app/ui/FormRows';
import { PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { TitleRow } from '../../../app/ui/TitledPanel';
import { RecordListEnd } from '../../../app/ui/RecordFilters';
import { PressedChoice } from '../../../app/ui/Segmented';
import { useAppFlow } from '../../../app/views/hooks';
import { useFiatDeal } from '../fiat.hooks';
import { money } from '../../../../domain/figures';
import { fiatFigure, fiatPlaceholder, merchantRecord } from './fiatFormat';
import { Frame } from './fiatStyles';
import { AdCards, WideOnly } from './AdCards';

/**
 * /deal (spec §2): buy or sell, by amount or by quantity, fiat currency and crypto; the ads best
 * price first, each with its merchant's record, limits and payment methods. Taking one opens
 * buy-next or sell-next with what was entered.
 */
export function DealPage() {
  const { t } = useTranslation();
  const app = useAppFlow();
  const [params] = useSearchParams();
  const initialFiat = isFiatCode(app.pricing.name) ? app.pricing.name : 'USD';
  const deal = useFiatDeal({ side: params.get('side') === 'sell' ? 'sell' : 'buy', fiat: initialFiat });
  const coins = app.currencies.filter((c) => c.legal_status === 1);
  const places = deal.by === 'amount' ? FIAT_PLACES : CRYPTO_PLACES;
  const entered = isAmount(deal.value, places) ? deal.value : undefined;
  const fits = (ad: FiatAd) => {
    if (!entered) return true;
    const { amount } = orderFigures(deal.by, entered, ad.price);
    return compareDecimal(amount, ad.min_amount) >= 0 && compareDecimal(amount, ad.max_amount) <= 0;
  };
  const buying = deal.side === 'buy';
  const takeLink = (ad: FiatAd) => `/deal/${buying ? 'buy' : 'sell'}-next?ad=${ad.id}&by=${deal.by}${entered ? `&value=${entered}` : ''}`;
  return (
    <Frame>
      <Panel>
        <div className="tabs" role="tablist" aria-label={t('fiat.title')}>
          <button className="buy" role="tab" aria-selected={buying} onClick={() => deal.setSide('buy')}>
            {t('deal.buyCoin', { coin: deal.crypto })}
          </button>
          <button className="sell" role="tab" aria-selected={!buying} onClick={() => deal.setSide('sell')}>
            {t('deal.sellCoin', { coin: deal.crypto })}
          </button>
        </div>
        <PanelBody>
          <div className="controls">
            <label>
              {t('deal.crypto')}
              <OptionSelect ariaLabel={t('deal.crypto')} value={deal.crypto} options={coins.map((c) => c.symbol)} onChange={deal.setCrypto} />
            </label>
            <label>
              {t('deal.fiat')}
              <OptionSelect ariaLabel={t('deal.fiat')} value={deal.fiat} options={FIAT_CURRENCIES} onChange={deal.setFiat} />
            </label>
            <div>
              <PressedChoice role="radiogroup" label={t('fiat.enterBy')} value={deal.by} options={[['amount', t('deal.byAmount')], ['quantity', t('deal.byQuantity')]]} onChoose={deal.setBy} />
            </div>
            <label>
              {deal.by === 'amount' ? `${t(buying ? 'deal.amount' : 'fiat.amountToReceive')} (${deal.fiat})` : `${t(buying ? 'deal.quantity' : 'fiat.quantityToSell')} (${deal.crypto})`}
              <input inputMode="decimal" placeholder={deal.by === 'amount' ? fiatPlaceholder(deal.fiat) : '0'} value={deal.value} onChange={(e) => deal.setValue(decimalInput(e.target.value))} />
            </label>
          </div>
        </PanelBody>
      </Panel>
      <Panel>
        <PanelBody>
          <TitleRow $wrap>
            <PageTitle>{t(buying ? 'fiat.adsToBuy' : 'fiat.adsToSell', { crypto: deal.crypto, fiat: deal.fiat })}</PageTitle>
            <div className="links">
              <Link to="/deal/my-ads">{t('fiat.ads.title')}</Link>
              <Link to="/deal/history">{t('page.deal.history')}</Link>
              <Link to="/deal/bank-card">{t('page.deal.bankCard')}</Link>
            </div>
          </TitleRow>
          <WideOnly>
            <DataTable<FiatAd>
              label={t('fiat.title')}
              rows={deal.ads}
              emptyKey={deal.loading ? 'common.loading' : 'fiat.noAds'}
              columns={[
                {
                  key: 'fiat.col.merchant',
                  render: (a) => (
                    <div>
                      <b>{a.merchant}</b>
                      {/* The same words as the phone's cards (issue 50 M17): "New · no orders yet" before any order. */}
                      <div className="faint">{((r) => t(r.key, r.params))(merchantRecord(a.completed, a.completion_rate))}</div>
                    </div>
                  ),
                },
                { key: 'fiat.col.price', align: 'right', render: (a) => <b className={`num ${buying ? 'up' : 'down'}`}>{fiatFigure(a.price, a.fiat)} {a.fiat}</b> },
                { key: 'fiat.col.available', align: 'right', render: (a) => <span className="num">{money(a.remaining, a.crypto)} {a.crypto}</span> },
                { key: 'fiat.col.limits', align: 'right', render: (a) => <span className="num">{fiatFigure(a.min_amount, a.fiat)} – {fiatFigure(a.max_amount, a.fiat)} {a.fiat}</span> },
                { key: 'fiat.col.methods', render: (a) => <span className="dim">{a.methods.map((m) => m.bank_name).join(' · ') || t('fiat.anyBank')}</span> },
                {
                  key: 'col.actions',
                  align: 'right',
                  render: (a) =>
                    fits(a) ? (
                      <Link to={takeLink(a)}>
                        <Button $small $variant={buying ? 'primary' : 'danger'} tabIndex={-1}>
                          {t(buying ? 'deal.buyCoin' : 'deal.sellCoin', { coin: a.crypto })}
                        </Button>
                      </Link>
                    ) : (
                      <span className="faint">{t('fiat.outsideLimits')}</span>
                    ),
                },
              ]}
            />
          </WideOnly>
          <AdCards ads={deal.ads} empty={t(deal.loading ? 'common.loading' : 'fiat.noAds')} buying={buying} fits={fits} takeLink={takeLink} />
          <RecordListEnd list={deal} />
          <p className="faint">{t('page.deal.intro')}</p>
        </PanelBody>
      </Panel>
    </Frame>
  );
}
