import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { money, quantity, unitPrice } from '../../../../domain/figures';
import { ICO_CURRENCY, remainingAllowance, type IcoProject } from '../../../../domain/ico';
import { Button } from '../../../app/ui/Button';
import { Dialog } from '../../../app/ui/Dialog';
import { useIcoSubscribe, useIcoThaw } from '../ico.hooks';
import type { IcoSubscribeActorRef } from '../machines/icoSubscribe/icoSubscribe.machine';
import type { IcoThawActorRef } from '../machines/icoThaw/icoThaw.machine';
import { tokens } from './icoFormat';

const Form = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  label { display: flex; flex-direction: column; gap: 4px; font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  input { font: inherit; padding: 8px 10px; border-radius: 4px; border: 1px solid ${({ theme }) => theme.color.fieldBorder};
    background: ${({ theme }) => theme.color.bg}; color: ${({ theme }) => theme.color.text}; }
  .rows { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; font-size: 13px; }
  .rows span:nth-child(odd) { color: ${({ theme }) => theme.color.textDim}; }
  .rows span:nth-child(even) { text-align: right; font-variant-numeric: tabular-nums; }
  .problem { color: ${({ theme }) => theme.color.down}; font-size: 12px; margin: 0; }
  .success { font-size: 15px; font-weight: 600; color: ${({ theme }) => theme.color.up}; margin: 0; }
`;

/** The join popup: quantity with min/max and the USDT cost → confirmation → "Subscription succeeded". */
export function SubscribeDialog(props: { actor: IcoSubscribeActorRef }) {
  const { t } = useTranslation();
  const s = useIcoSubscribe(props.actor);
  const { project: p, mine, available } = s.context;
  const adding = mine !== '0';
  const title = `${adding ? t('ico.addMore') : t('ico.participate')} · ${p.symbol}`;
  /** A token quantity of this project, at its token places. */
  const qty = (value: string | null | undefined) => quantity(value, p.token_places);
  if (s.succeeded) {
    return (
      <Dialog title={title} onClose={s.close} footer={<Button type="button" $variant="primary" onClick={s.close}>{t('common.close')}</Button>}>
        <Form>
          <p className="success" role="status">{t('ico.subscribed')}</p>
          <div className="rows">
            <span>{t('col.subscribed')}</span><span>{qty(s.context.result?.quantity)} {p.symbol}</span>
            <span>{t('col.paid')}</span><span>{money(s.context.result?.paid, ICO_CURRENCY)} {ICO_CURRENCY}</span>
          </div>
        </Form>
      </Dialog>
    );
  }
  if (s.confirming || s.submitting) {
    return (
      <Dialog
        title={t('ico.confirmTitle')}
        onClose={s.back}
        footer={
          <>
            <Button type="button" $variant="ghost" onClick={s.back} disabled={s.submitting}>{t('common.cancel')}</Button>
            <Button type="button" $variant="primary" onClick={s.confirm} disabled={s.submitting}>{t('common.confirm')}</Button>
          </>
        }
      >
        <Form>
          <p style={{ margin: 0 }}>{t('ico.confirmText', { quantity: qty(s.context.quantity.trim()), symbol: p.symbol, cost: money(s.cost, ICO_CURRENCY), currency: ICO_CURRENCY })}</p>
        </Form>
      </Dialog>
    );
  }
  return (
    <Dialog
      title={title}
      onClose={s.close}
      footer={
        <>
          <Button type="button" $variant="ghost" onClick={s.close}>{t('common.cancel')}</Button>
          <Button type="button" $variant="primary" onClick={s.submit}>{t('ico.subscribe')}</Button>
        </>
      }
    >
      <Form>
        <label>
          {t('ico.quantity', { symbol: p.symbol })}
          <input
            inputMode="decimal"
            autoFocus
            value={s.context.quantity}
            placeholder={adding ? t('ico.upTo', { left: remainingAllowance(p.max_quantity, mine) }) : `${p.min_quantity} – ${p.max_quantity}`}
            onChange={(e) => s.setQuantity(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && s.submit()}
          />
        </label>
        {s.problem && <p className="problem" role="alert">{t(('key' in s.problem ? s.problem.key : 'error.system') as string)}</p>}
        <div className="rows">
          <span>{t('col.raisePrice')}</span><span>{unitPrice(p.price, ICO_CURRENCY)} {ICO_CURRENCY}</span>
          <span>{t('ico.minMax')}</span><span>{qty(p.min_quantity)} – {qty(p.max_quantity)} {p.symbol}</span>
          {adding && (<><span>{t('col.subscribed')}</span><span>{qty(mine)} {p.symbol}</span></>)}
          <span>{t('ico.cost')}</span><span data-testid="ico-cost">{s.cost ? `${money(s.cost, ICO_CURRENCY)} ${ICO_CURRENCY}` : '—'}</span>
          {available !== undefined && (<><span>{t('col.available')}</span><span>{money(available, ICO_CURRENCY)} {ICO_CURRENCY}</span></>)}
        </div>
      </Form>
    </Dialog>
  );
}

/**
 * Thaw: released today and in total, what moves now, confirmation. The subscription carries no token
 * places: they come from the board's projects (quantities as the wire sends them when it is not there).
 */
export function ThawDialog(props: { actor: IcoThawActorRef; projects: readonly IcoProject[] | undefined }) {
  const { t } = useTranslation();
  const s = useIcoThaw(props.actor);
  const m = s.context.subscription;
  const places = props.projects?.find((p) => p.id === m.project_id)?.token_places;
  const qty = (value: string | null | undefined) => tokens(value, places);
  return (
    <Dialog
      title={`${t('ico.thaw')} · ${m.symbol}`}
      onClose={s.cancel}
      footer={
        <>
          <Button type="button" $variant="ghost" onClick={s.cancel} disabled={s.thawing}>{t('common.cancel')}</Button>
          <Button type="button" $variant="primary" onClick={s.failed ? s.retry : s.confirm} disabled={s.thawing}>{s.failed ? t('common.retry') : t('common.confirm')}</Button>
        </>
      }
    >
      <Form>
        <div className="rows">
          <span>{t('col.winQuantity')}</span><span>{qty(m.allocated)} {m.symbol}</span>
          <span>{t('ico.releasedToday')}</span><span>{qty(m.released_today)}</span>
          <span>{t('ico.releasedTotal')}</span><span>{qty(m.released_total)}</span>
          <span>{t('ico.thawedSoFar')}</span><span>{qty(m.thawed)}</span>
          <span>{t('ico.thawNow')}</span><span data-testid="ico-thawable">{qty(m.thawable)} {m.symbol}</span>
        </div>
      </Form>
    </Dialog>
  );
}
