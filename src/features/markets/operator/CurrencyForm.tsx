import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_NETWORKS_MAX, type CurrencyListing, type CurrencyListingNetwork } from '../../../../domain/marketsDesk';
import { Button } from '../../../app/ui/Button';
import { DeskCodeAndRefusal, DeskFieldsDialog, DeskTextField, type DeskDialogProps } from '../../../app/ui/DeskDialog';
import { Muted } from '../../../app/ui/Panel';

/** A network's fields as typed (the whole numbers are parsed when sent). */
type NetworkFields = Record<keyof CurrencyListingNetwork, string>;
const NEW_NETWORK: NetworkFields = { network: '', deposit_min: '', deposit_fee: '0', withdraw_min: '', withdraw_fee: '0', confirmations: '12' };

/** A whole number as typed, or NaN (sent as null: the server refuses it, translated). */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The listing as sent: what was typed, trimmed, symbols in capitals; the server judges the rest. */
function listingOf(fields: { symbol: string; name: string; precision: string }, networks: NetworkFields[]): CurrencyListing {
  return {
    symbol: fields.symbol.trim().toUpperCase(),
    name: fields.name.trim(),
    precision: whole(fields.precision),
    networks: networks.map((n) => ({
      network: n.network.trim().toUpperCase(),
      deposit_min: n.deposit_min.trim(),
      deposit_fee: n.deposit_fee.trim(),
      withdraw_min: n.withdraw_min.trim(),
      withdraw_fee: n.withdraw_fee.trim(),
      confirmations: whole(n.confirmations),
    })),
  };
}

/**
 * Lists a currency (issue 52 §1): its symbol, name and precision, and one to five networks with
 * their deposit minimum and fee, withdrawal minimum and fee, and confirmations; the operator's 2FA code.
 * The server checks every field and its translated refusal shows under the form, which stays open.
 */
export function ListCurrencyDialog(props: DeskDialogProps & { onSubmit: (listing: CurrencyListing, code: string) => void }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState({ symbol: '', name: '', precision: '8', code: '' });
  const [networks, setNetworks] = useState<NetworkFields[]>([NEW_NETWORK]);
  const field = (name: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const networkField = (at: number, name: keyof NetworkFields) => (value: string) => setNetworks((list) => list.map((n, i) => (i === at ? { ...n, [name]: value } : n)));
  return (
    <DeskFieldsDialog {...props} wide title={t('marketsDesk.currency.title')} submitKey="marketsDesk.currency.submit" onSubmit={() => props.onSubmit(listingOf(fields, networks), fields.code)}>
      <Muted style={{ margin: 0 }}>{t('marketsDesk.currency.intro')}</Muted>
      <div className="row">
        <DeskTextField label={t('marketsDesk.currency.symbol')} value={fields.symbol} onChange={field('symbol')} />
        <DeskTextField label={t('marketsDesk.currency.name')} value={fields.name} onChange={field('name')} />
        <DeskTextField label={t('marketsDesk.currency.precision')} value={fields.precision} onChange={field('precision')} inputMode="numeric" />
      </div>
      {networks.map((n, i) => (
        <fieldset key={i}>
          <legend>{t('marketsDesk.currency.networkN', { n: i + 1 })}</legend>
          <div className="row">
            <DeskTextField label={t('marketsDesk.currency.network')} value={n.network} onChange={networkField(i, 'network')} />
            <DeskTextField label={t('marketsDesk.currency.depositMin')} value={n.deposit_min} onChange={networkField(i, 'deposit_min')} inputMode="decimal" />
            <DeskTextField label={t('marketsDesk.currency.depositFee')} value={n.deposit_fee} onChange={networkField(i, 'deposit_fee')} inputMode="decimal" />
            <DeskTextField label={t('marketsDesk.currency.confirmations')} value={n.confirmations} onChange={networkField(i, 'confirmations')} inputMode="numeric" />
          </div>
          <div className="row">
            <DeskTextField label={t('marketsDesk.currency.withdrawMin')} value={n.withdraw_min} onChange={networkField(i, 'withdraw_min')} inputMode="decimal" />
            <DeskTextField label={t('marketsDesk.currency.withdrawFee')} value={n.withdraw_fee} onChange={networkField(i, 'withdraw_fee')} inputMode="decimal" />
            {networks.length > 1 && (
              <Button type="button" $small $variant="ghost" style={{ alignSelf: 'end' }} onClick={() => setNetworks((list) => list.filter((_, at) => at !== i))}>
                {t('marketsDesk.currency.removeNetwork', { n: i + 1 })}
              </Button>
            )}
          </div>
        </fieldset>
      ))}
      {networks.length < CURRENCY_NETWORKS_MAX && (
        <Button type="button" $small $variant="ghost" style={{ justifySelf: 'start' }} onClick={() => setNetworks((list) => [...list, NEW_NETWORK])}>
          {t('marketsDesk.currency.addNetwork')}
        </Button>
      )}
      <DeskCodeAndRefusal labelKey="marketsDesk.form.code" refusal={props.refusal} kept={{ value: fields.code, onChange: field('code') }} />
    </DeskFieldsDialog>
  );
}
