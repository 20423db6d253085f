import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_NAME_MAX, CURRENCY_NETWORKS_MAX, CURRENCY_PRECISION_MAX, type CurrencyListing } from '../../../../domain/marketsDesk';
import { Button } from '../../../app/ui/Button';
import { DeskCodeAndRefusal, DeskFieldsDialog, DeskTextField, type DeskDialogProps } from '../../../app/ui/DeskDialog';
import { Muted } from '../../../app/ui/Panel';
import { currencyListingProblems, whole, type CurrencyFormValues, type NetworkFields } from './currencyFormSchema';

const NEW_NETWORK: NetworkFields = { network: '', deposit_min: '', deposit_fee: '0', withdraw_min: '', withdraw_fee: '0', confirmations: '12' };

/** What the messages' placeholders take: the bounds the server holds them to. */
const BOUNDS = { max: CURRENCY_PRECISION_MAX, nameMax: CURRENCY_NAME_MAX };

/** The listing as sent: what was typed, trimmed, symbols in capitals (the form checked it; the server checks it again). */
function listingOf(fields: CurrencyFormValues): CurrencyListing {
  return {
    symbol: fields.symbol.trim().toUpperCase(),
    name: fields.name.trim(),
    precision: whole(fields.precision),
    networks: fields.networks.map((n) => ({
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
 * The server's own rules are checked first (currencyFormSchema.ts), each bad field said under it
 * once the operator has submitted, and again as they type; nothing is sent until all pass. The
 * server checks again (a symbol listed meanwhile, a wrong code): its translated refusal shows under
 * the form, which stays open.
 */
export function ListCurrencyDialog(props: DeskDialogProps & { onSubmit: (listing: CurrencyListing, code: string) => void }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState({ symbol: '', name: '', precision: '8', code: '' });
  const [networks, setNetworks] = useState<NetworkFields[]>([NEW_NETWORK]);
  // Said only after a first submit: an empty form is not wrong before the operator is done with it.
  const [submitted, setSubmitted] = useState(false);
  const values: CurrencyFormValues = { ...fields, networks };
  const problems = submitted ? currencyListingProblems(values) : {};
  const error = (path: string) => (problems[path] === undefined ? undefined : t(problems[path], BOUNDS));
  const field = (name: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const networkField = (at: number, name: keyof NetworkFields) => (value: string) => setNetworks((list) => list.map((n, i) => (i === at ? { ...n, [name]: value } : n)));
  const submit = () => {
    setSubmitted(true);
    if (Object.keys(currencyListingProblems(values)).length === 0) props.onSubmit(listingOf(values), fields.code);
  };
  const networkInput = (i: number, name: keyof NetworkFields, label: string, inputMode?: 'decimal' | 'numeric') => (
    <DeskTextField label={t(label)} value={networks[i]![name]} onChange={networkField(i, name)} inputMode={inputMode} error={error(`networks[${i}].${name}`)} />
  );
  return (
    <DeskFieldsDialog {...props} wide title={t('marketsDesk.currency.title')} submitKey="marketsDesk.currency.submit" onSubmit={submit}>
      <Muted style={{ margin: 0 }}>{t('marketsDesk.currency.intro')}</Muted>
      <div className="row">
        <DeskTextField label={t('marketsDesk.currency.symbol')} value={fields.symbol} onChange={field('symbol')} error={error('symbol')} />
        <DeskTextField label={t('marketsDesk.currency.name')} value={fields.name} onChange={field('name')} error={error('name')} />
        <DeskTextField label={t('marketsDesk.currency.precision')} value={fields.precision} onChange={field('precision')} inputMode="numeric" error={error('precision')} />
      </div>
      {networks.map((_, i) => (
        <fieldset key={i}>
          <legend>{t('marketsDesk.currency.networkN', { n: i + 1 })}</legend>
          <div className="row">
            {networkInput(i, 'network', 'marketsDesk.currency.network')}
            {networkInput(i, 'deposit_min', 'marketsDesk.currency.depositMin', 'decimal')}
            {networkInput(i, 'deposit_fee', 'marketsDesk.currency.depositFee', 'decimal')}
            {networkInput(i, 'confirmations', 'marketsDesk.currency.confirmations', 'numeric')}
          </div>
          <div className="row">
            {networkInput(i, 'withdraw_min', 'marketsDesk.currency.withdrawMin', 'decimal')}
            {networkInput(i, 'withdraw_fee', 'marketsDesk.currency.withdrawFee', 'decimal')}
            {networks.length > 1 && (
              <Button type="button" $small $variant="ghost" style={{ alignSelf: 'end' }} onClick={() => setNetworks((list) => list.filter((_n, at) => at !== i))}>
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
      <DeskCodeAndRefusal labelKey="marketsDesk.form.code" refusal={props.refusal} kept={{ value: fields.code, onChange: field('code'), error: error('code') }} />
    </DeskFieldsDialog>
  );
}
