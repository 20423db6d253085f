import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PRICING_CURRENCIES } from '../../../domain/pricingCurrencies';
import { useAppFlow } from '../../views/hooks';
import { Button } from '../../ui/Button';
import { Muted, Panel, PanelBody } from '../../ui/Panel';

const Box = styled(Panel)`
  max-width: 520px;
  margin: 16px auto;
  .tabs { display: flex; border-bottom: 1px solid ${({ theme }) => theme.color.border}; }
  .tabs a { flex: 1; text-align: center; padding: 12px; font-weight: 700; color: ${({ theme }) => theme.color.textDim}; }
  .tabs a[aria-selected='true'].buy { color: ${({ theme }) => theme.color.up}; box-shadow: inset 0 -2px ${({ theme }) => theme.color.up}; }
  .tabs a[aria-selected='true'].sell { color: ${({ theme }) => theme.color.down}; box-shadow: inset 0 -2px ${({ theme }) => theme.color.down}; }
  label { display: grid; gap: 5px; margin-bottom: 12px; color: ${({ theme }) => theme.color.textDim}; }
  select, input { background: ${({ theme }) => theme.color.panelRaised}; border: 1px solid ${({ theme }) => theme.color.border}; border-radius: 4px; padding: 8px 10px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  .mode { display: flex; gap: 14px; margin-bottom: 12px; }
  .mode label { display: flex; gap: 6px; margin: 0; align-items: center; }
  .notice { margin-top: 12px; padding: 8px 10px; border-left: 3px solid ${({ theme }) => theme.color.warn}; background: ${({ theme }) => theme.color.warn}14; color: ${({ theme }) => theme.color.textDim}; }
`;

/** /deal: the P2P entry — buy or sell, by amount or by quantity, fiat currency and crypto. */
export function DealPage() {
  const { t } = useTranslation();
  const appFlow = useAppFlow();
  const [params] = useSearchParams();
  const side = params.get('side') === 'sell' ? 'sell' : 'buy';
  // Draft input before an order exists is form presentation; the order flow is the fiat issue's machine.
  const [mode, setMode] = useState<'amount' | 'quantity'>('amount');
  const coins = appFlow.currencies.filter((c) => c.legal_status === 1);
  return (
    <Box>
      <div className="tabs" role="tablist">
        <Link className="buy" to="/deal" role="tab" aria-selected={side === 'buy'}>
          {t('deal.buy')}
        </Link>
        <Link className="sell" to="/deal?side=sell" role="tab" aria-selected={side === 'sell'}>
          {t('deal.sell')}
        </Link>
      </div>
      <PanelBody>
        <div className="mode" role="radiogroup">
          <label>
            <input type="radio" checked={mode === 'amount'} onChange={() => setMode('amount')} /> {t('deal.byAmount')}
          </label>
          <label>
            <input type="radio" checked={mode === 'quantity'} onChange={() => setMode('quantity')} /> {t('deal.byQuantity')}
          </label>
        </div>
        <div className="row">
          <label>
            {t('deal.fiat')}
            <select defaultValue={appFlow.pricing.name}>
              {PRICING_CURRENCIES.map((c) => (
                <option key={c.name}>{c.name}</option>
              ))}
            </select>
          </label>
          <label>
            {t('deal.crypto')}
            <select>
              {coins.map((c) => (
                <option key={c.symbol}>{c.symbol}</option>
              ))}
            </select>
          </label>
        </div>
        <label>
          {t(mode === 'amount' ? 'deal.amount' : 'deal.quantity')}
          <input type="text" inputMode="decimal" placeholder="0.00" />
        </label>
        <Button style={{ width: '100%' }} disabled $variant={side === 'buy' ? 'primary' : 'danger'}>
          {t(side === 'buy' ? 'deal.buy' : 'deal.sell')}
        </Button>
        <p className="notice" role="note">
          {t('pending.fiat')}
        </p>
        <Muted style={{ display: 'flex', gap: 16 }}>
          <Link to="/deal/history">{t('page.deal.history')}</Link>
          <Link to="/deal/bank-card">{t('page.deal.bankCard')}</Link>
        </Muted>
      </PanelBody>
    </Box>
  );
}
