import type { Pair } from '../../../domain/api';
import { FormField, FormSelectField } from './FormField';

/** A pair as the routes write it ("BTC_USDT"). */
const symbolOf = (pair: Pair) => `${pair.left_symbol}_${pair.right_symbol}`;

/** The Formik `symbol` field of a form on a pair (a price alert, a recurring buy): the pairs given, as "BTC/USDT". */
export function PairSelectField(props: { labelKey: string; pairs: readonly Pair[] }) {
  return <FormSelectField name="symbol" labelKey={props.labelKey} options={props.pairs.map((p) => ({ value: symbolOf(p), label: `${p.left_symbol}/${p.right_symbol}` }))} />;
}

/**
 * A Formik decimal field counted in `pair`'s quote currency (a target price, an amount to spend):
 * the currency after it, and the pair's price places (8 without a pair) in its message.
 */
export function QuoteFigureField(props: { name: string; labelKey: string; pair: Pair | undefined }) {
  const { pair } = props;
  return (
    <FormField
      name={props.name}
      labelKey={props.labelKey}
      inputMode="decimal"
      messageValues={{ places: pair?.price_precision ?? 8 }}
      after={pair && <span className="unit">{pair.right_symbol}</span>}
    />
  );
}
