import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { FiatAd } from '../../../../domain/fiat';
import { PHONE } from '../../../app/theme';
import { Button } from '../../../app/ui/Button';
import { Fact } from '../../../app/ui/FormRows';
import { fiatFigure, merchantRecord } from './fiatFormat';
import { money } from '../../../../domain/figures';

/** Shown instead of the ads table on a phone (the table is hidden there): one card per ad, nothing to scroll sideways. */
const Cards = styled.ul`
  display: none;
  ${PHONE} {
    display: grid;
    gap: 10px;
    list-style: none;
    margin: 8px 0 0;
    padding: 0;
  }
  li { border: 1px solid ${({ theme }) => theme.color.border}; border-radius: ${({ theme }) => theme.radius}; padding: 10px 12px; display: grid; gap: 6px; min-width: 0; }
  .top { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; flex-wrap: wrap; }
  .price { font-size: 18px; }
  dl { margin: 0; display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 2px 10px; font-size: 13px; }
  dt { color: ${({ theme }) => theme.color.textDim}; }
  dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
  .act { display: flex; justify-content: flex-end; }
`;

/** Hides the ads table on a phone, where AdCards shows the same ads. */
export const WideOnly = styled.div`
  ${PHONE} { display: none; }
`;

export function AdCards(props: { ads: FiatAd[]; empty: string; buying: boolean; fits: (ad: FiatAd) => boolean; takeLink: (ad: FiatAd) => string }) {
  const { t } = useTranslation();
  return (
    <Cards aria-label={t('fiat.title')} data-testid="ad-cards">
      {props.ads.length === 0 && <li className="faint">{props.empty}</li>}
      {props.ads.map((a) => (
        <li key={a.id}>
          <div className="top">
            <div>
              <b>{a.merchant}</b>
              <div className="faint">{((r) => t(r.key, r.params))(merchantRecord(a.completed, a.completion_rate))}</div>
            </div>
            <b className={`num price ${props.buying ? 'up' : 'down'}`}>
              {fiatFigure(a.price, a.fiat)} {a.fiat}
            </b>
          </div>
          <dl>
            <Fact label={t('fiat.col.available')} className="num">{`${money(a.remaining, a.crypto)} ${a.crypto}`}</Fact>
            <Fact label={t('fiat.col.limits')} className="num">{`${fiatFigure(a.min_amount, a.fiat)} – ${fiatFigure(a.max_amount, a.fiat)} ${a.fiat}`}</Fact>
            <Fact label={t('fiat.col.methods')} className="dim">{a.methods.map((m) => m.bank_name).join(' · ') || t('fiat.anyBank')}</Fact>
          </dl>
          <div className="act">
            {props.fits(a) ? (
              <Link to={props.takeLink(a)}>
                <Button $small $variant={props.buying ? 'primary' : 'danger'} tabIndex={-1}>
                  {t(props.buying ? 'deal.buyCoin' : 'deal.sellCoin', { coin: a.crypto })}
                </Button>
              </Link>
            ) : (
              <span className="faint">{t('fiat.outsideLimits')}</span>
            )}
          </div>
        </li>
      ))}
    </Cards>
  );
}
