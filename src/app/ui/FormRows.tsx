import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { inThousands } from '../../../domain/localeFormat';
import { decimalInput, pointReading } from '../../../domain/orderMath';
import type { ErrorMessage } from '../../../domain/orderValidation';
import { fieldFocus } from './fieldStyles';

/**
 * The order forms' rows, shared by every product (spot's order form, futures' order form and
 * dialogs): a number field with its unit and first problem, and a list of label → figure facts.
 */
const Field = styled.div`
  display: grid;
  gap: 3px;
  margin-bottom: 8px;
  label { font-size: 11px; color: ${({ theme }) => theme.color.textDim}; }
  .box {
    display: flex;
    align-items: center;
    background: ${({ theme }) => theme.color.panelRaised};
    border: 1px solid ${({ theme }) => theme.color.fieldBorder};
    border-radius: ${({ theme }) => theme.radius};
    &:focus-within { ${fieldFocus} }
    &[data-invalid='true'] { border-color: ${({ theme }) => theme.color.down}; }
  }
  input { all: unset; flex: 1; min-width: 0; padding: 7px 9px; font-variant-numeric: tabular-nums; text-align: right; }
  input:disabled { color: ${({ theme }) => theme.color.textFaint}; }
  .unit { padding: 0 9px; font-size: 12px; color: ${({ theme }) => theme.color.textFaint}; }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 11px; }
`;

export interface NumberFieldProps {
  label: string;
  unit: string;
  value: string;
  name: string;
  onChange?: (value: string) => void;
  /** The field's first problem, shown under it and announced. */
  error?: ErrorMessage;
  disabled?: boolean;
  placeholder?: string;
  /**
   * Says under the field how one thousands group typed was read ("65.000" in German: 65, a
   * decimal point) and what to type for the thousands, from the text shown (pointReading): the
   * order forms' prices and quantities, where a misread figure trades at once.
   */
  pointHint?: boolean;
}

/**
 * How a figure typed with one thousands group was read, and what to type for the thousands
 * (pointReading): under NumberField's `pointHint`, and under any other field where a misread
 * figure is money (the P2P amount: Turkish "1.000" is 1 TRY).
 */
export function PointReadingNote({ id, reading }: { id: string; reading: NonNullable<ReturnType<typeof pointReading>> }) {
  const { t, i18n } = useTranslation();
  return (
    <ReadingText id={id} role="status">
      {t('numberField.pointRead', { value: reading.value, thousands: inThousands(reading.plain, i18n.language), plain: reading.plain })}
    </ReadingText>
  );
}

const ReadingText = styled.span`
  color: ${({ theme }) => theme.color.warn};
  font-size: 11px;
  line-height: 1.4;
`;

/** A decimal field as typed (never reformatted while typing; a decimal comma or a pasted grouped figure is read: decimalInput), right-aligned, with its unit. */
export function NumberField(props: NumberFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const reading = props.pointHint ? pointReading(props.value) : undefined;
  const described = [reading ? `${id}-reading` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <Field>
      <label htmlFor={id}>{props.label}</label>
      <div className="box" data-invalid={props.error !== undefined}>
        <input
          id={id}
          name={props.name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={props.value}
          placeholder={props.placeholder}
          disabled={props.disabled}
          aria-invalid={props.error !== undefined}
          aria-describedby={described || undefined}
          onChange={(e) => props.onChange?.(decimalInput(e.target.value))}
        />
        <span className="unit">{props.unit}</span>
      </div>
      {reading && <PointReadingNote id={`${id}-reading`} reading={reading} />}
      {props.error && (
        <span className="error" id={`${id}-error`} role="alert">
          {t(props.error.key, { places: props.error.places, min: props.error.min, currency: props.error.currency, ...props.error.values })}
        </span>
      )}
    </Field>
  );
}

/** Label → figure pairs under a form (available, fee, maximum …), figures right-aligned. */
export const FactList = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 3px 8px;
  margin: 0 0 10px;
  font-size: 12px;
  dt { color: ${({ theme }) => theme.color.textDim}; }
  dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
`;

/** One fact of a FactList (or of any `dt`/`dd` grid); `className` styles the value. */
export function Fact(props: { label: string; children: ReactNode; testId?: string; className?: string }) {
  return (
    <>
      <dt>{props.label}</dt>
      <dd className={props.className} data-testid={props.testId}>
        {props.children}
      </dd>
    </>
  );
}

/** A FactList from rows of [label, figure, test id]. */
export function Facts(props: { rows: Array<[string, ReactNode, string?]> }) {
  return (
    <FactList>
      {props.rows.map(([label, value, testId]) => (
        <Fact key={label} label={label} testId={testId}>
          {value}
        </Fact>
      ))}
    </FactList>
  );
}

/** A form's problem that belongs to no one field ("enter a take-profit or a stop-loss"), announced. */
export const FormProblem = styled.p`
  margin: 0 0 8px;
  color: ${({ theme }) => theme.color.down};
  font-size: 11px;
`;

/**
 * A native select among a fixed list of values, each shown by `labelOf` (or as itself). `id` ties
 * an outside <label>; `ariaLabel` names it where the label does not. Only listed values come back.
 */
export function OptionSelect<V extends string>(props: { id?: string; ariaLabel?: string; value: V; options: readonly V[]; labelOf?: (value: V) => string; onChange: (value: V) => void }) {
  return (
    <select id={props.id} aria-label={props.ariaLabel} value={props.value} onChange={(e) => props.onChange(e.target.value as V)}>
      {props.options.map((option) => (
        <option key={option} value={option}>
          {props.labelOf ? props.labelOf(option) : option}
        </option>
      ))}
    </select>
  );
}
