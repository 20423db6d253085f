import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractListing } from '../../../../domain/marketsDesk';
import { DeskCodeAndRefusal, DeskFieldsDialog, DeskTextField, type DeskDialogProps } from '../../../app/ui/DeskDialog';
import { Muted } from '../../../app/ui/Panel';

/** A whole number as typed, or NaN (sent as null: the server refuses it, translated). */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The listing as sent: what was typed, trimmed, the symbol in capitals ("ada/usdt" too); the server judges the rest. */
export function contractListingOf(fields: { symbol: string; max_leverage: string; reference_price: string; makers: boolean }): ContractListing {
  const reference = fields.reference_price.trim();
  return {
    symbol: fields.symbol.trim().toUpperCase().replace('/', '_'),
    max_leverage: whole(fields.max_leverage),
    makers: fields.makers,
    ...(reference ? { reference_price: reference } : {}),
  };
}

/**
 * Lists a perpetual contract on an existing USDT spot pair (issue 52 §1): its highest leverage,
 * whether the futures makers quote it, and a reference price for its index while the spot market
 * has not traded; the operator's 2FA code. As the currency's form, only the server judges the
 * fields (decision 0041): its translated refusal shows under the form, which stays open.
 */
export function ListContractDialog(props: DeskDialogProps & { onSubmit: (listing: ContractListing, code: string) => void }) {
  const { t } = useTranslation();
  const makersId = useId();
  const [fields, setFields] = useState({ symbol: '', max_leverage: '20', reference_price: '', makers: true, code: '' });
  const field = (name: 'symbol' | 'max_leverage' | 'reference_price' | 'code') => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  return (
    <DeskFieldsDialog {...props} title={t('marketsDesk.contract.title')} submitKey="marketsDesk.contract.submit" onSubmit={() => props.onSubmit(contractListingOf(fields), fields.code)}>
      <Muted style={{ margin: 0 }}>{t('marketsDesk.contract.intro')}</Muted>
      <div className="row">
        <DeskTextField label={t('marketsDesk.contract.symbol')} value={fields.symbol} onChange={field('symbol')} />
        <DeskTextField label={t('marketsDesk.contract.maxLeverage')} value={fields.max_leverage} onChange={field('max_leverage')} inputMode="numeric" />
        <DeskTextField label={t('marketsDesk.contract.referencePrice')} value={fields.reference_price} onChange={field('reference_price')} inputMode="decimal" />
      </div>
      <label className="check" htmlFor={makersId}>
        <input id={makersId} type="checkbox" checked={fields.makers} onChange={(e) => setFields((f) => ({ ...f, makers: e.target.checked }))} />
        {t('marketsDesk.contract.makers')}
      </label>
      <DeskCodeAndRefusal labelKey="marketsDesk.form.code" refusal={props.refusal} kept={{ value: fields.code, onChange: field('code') }} />
    </DeskFieldsDialog>
  );
}
