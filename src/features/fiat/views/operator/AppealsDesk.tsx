import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToastMessage } from '../../../../../domain/errors';
import type { FiatAppeal, FiatMethod, FiatOrder } from '../../../../../domain/fiat';
import { Button } from '../../../../app/ui/Button';
import { RetryButton } from '../../../../app/ui/RetryButton';
import { ConfirmDialog } from '../../../../app/ui/ConfirmDialog';
import { DeskCodeAndRefusal, DeskForm } from '../../../../app/ui/DeskDialog';
import type { ResolveInput } from '../../machines/fiatAppeals/fiatAppeals.machine';
import { DataTable } from '../../../../app/ui/DataTable';
import { DateTime } from '../../../../app/ui/DateTime';
import { PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';
import { PressedChoice } from '../../../../app/ui/Segmented';
import { useFiatAppeals, useFiatChat } from '../../fiat.hooks';
import { ChatMessages } from '../ChatMessages';
import { EVENT_KEYS, fiatFigure } from '../fiatFormat';
import { money } from '../../../../../domain/figures';
import { Facts, Frame } from '../fiatStyles';
import { StepUpNote } from '../../../../kit/operatorStepUp/StepUpNote';

function Methods(props: { title: string; methods: FiatMethod[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <b>{props.title}</b>
      {props.methods.length === 0 ? (
        <p className="faint">{t('fiat.desk.noMethods')}</p>
      ) : (
        <ul style={{ margin: '4px 0', paddingLeft: 18 }}>
          {props.methods.map((m) => (
            <li key={m.id}>
              {m.bank_name} · <span className="num">{m.card_number}</span> · {m.real_name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The appealed order's chat with its images, read with the operator's token (keyed by order: one chat machine per case). */
function DeskChat(props: { appeal: FiatAppeal }) {
  const chat = useFiatChat(props.appeal.order.id, props.appeal.chat);
  return <ChatMessages messages={chat.messages} images={chat.images} enlarged={chat.enlarged} onEnlarge={chat.enlarge} onShrink={chat.shrink} />;
}

/**
 * The question before a resolution is sent, about the order as the queue shows it, with the
 * operator's 2FA code (the escrow moves) — optional while the session is stepped up (`stepUpUntil`,
 * said under the field); the machine's refusal is said here and empties the code.
 */
function ResolutionDialog(props: {
  asked: ResolveInput;
  order: FiatOrder | undefined;
  busy: boolean;
  refusal: ToastMessage | undefined;
  stepUpUntil: number | null;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { asked: r, order: o, refusal } = props;
  const [code, setCode] = useState('');
  const [seen, setSeen] = useState(refusal);
  if (seen !== refusal) {
    setSeen(refusal);
    setCode('');
  }
  const params = o && { quantity: money(o.quantity, o.crypto), crypto: o.crypto, buyer: o.buyer_name, seller: o.seller_name };
  return (
    <ConfirmDialog title={t('fiat.desk.resolve')} confirmLabel={t('common.confirm')} tone="primary" busy={props.busy} onConfirm={() => props.onConfirm(code)} onCancel={props.onCancel}>
      <p style={{ marginTop: 0 }}>{t(r.decision === 'release' ? 'fiat.desk.confirmRelease' : 'fiat.desk.confirmReturn', params)}</p>
      <DeskForm>
        <DeskCodeAndRefusal labelKey="fiat.desk.code" refusal={refusal} kept={{ value: code, onChange: setCode }} />
        <StepUpNote until={props.stepUpUntil} />
      </DeskForm>
    </ConfirmDialog>
  );
}

/** The operator's "Appeals" tab: the queue, one case (methods, chat, timeline) and its resolution. */
export function AppealsDesk() {
  const { t } = useTranslation();
  const desk = useFiatAppeals();
  const c = desk.current;
  return (
    <Frame style={{ maxWidth: 'none', margin: 0, padding: 0 }}>
      <Panel>
        <PanelBody>
          <PageTitle>{t('fiat.desk.title')}</PageTitle>
          <DataTable<FiatAppeal>
            label={t('fiat.desk.title')}
            rows={desk.appeals}
            rowKey={(a) => String(a.order.id)}
            emptyKey={desk.loading ? 'common.loading' : 'fiat.desk.empty'}
            columns={[
              { key: 'col.orderNo', render: (a) => <span className="num">{a.order.order_no}</span> },
              { key: 'fiat.buyerName', render: (a) => a.order.buyer_name },
              { key: 'fiat.sellerName', render: (a) => a.order.seller_name },
              { key: 'col.total', align: 'right', render: (a) => <span className="num">{fiatFigure(a.order.amount, a.order.fiat)} {a.order.fiat}</span> },
              { key: 'col.quantity', align: 'right', render: (a) => <span className="num">{money(a.order.quantity, a.order.crypto)} {a.order.crypto}</span> },
              { key: 'fiat.desk.by', render: (a) => t(a.order.appeal_by === 'seller' ? 'fiat.desk.bySeller' : 'fiat.desk.byBuyer') },
              {
                key: 'col.actions',
                align: 'right',
                render: (a) => (
                  <Button $small $variant={a.order.id === desk.selected ? 'primary' : 'ghost'} onClick={() => desk.select(a.order.id)}>
                    {t('fiat.desk.open')}
                  </Button>
                ),
              },
            ]}
          />
          {desk.failed && <RetryButton small onRetry={desk.retry} />}
        </PanelBody>
      </Panel>
      {c && (
        <Panel>
          <PanelBody style={{ display: 'grid', gap: 14 }}>
            <PageTitle>{c.order.order_no}</PageTitle>
            <Facts>
              <div>
                <dt>{t('fiat.appealReason')}</dt>
                <dd>{c.order.appeal_reason}</dd>
              </div>
              <div>
                <dt>{t('fiat.desk.paidTo')}</dt>
                <dd>{c.order.method ? `${c.order.method.bank_name} · ${c.order.method.card_number}` : '—'}</dd>
              </div>
            </Facts>
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: 14 }}>
              <Methods title={t('fiat.desk.buyerMethods')} methods={c.buyer_methods} />
              <Methods title={t('fiat.desk.sellerMethods')} methods={c.seller_methods} />
              <div>
                <b>{t('fiat.desk.timeline')}</b>
                <ul style={{ margin: '4px 0', paddingLeft: 18 }}>
                  {c.timeline.map((e, i) => (
                    <li key={i}>
                      <DateTime at={e.at} /> — {EVENT_KEYS[e.event] ? t(EVENT_KEYS[e.event]!) : e.event}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            <div>
              <b>{t('fiat.desk.chat')}</b>
              {c.chat.length === 0 ? <p className="faint">{t('fiat.desk.noChat')}</p> : <DeskChat key={c.order.id} appeal={c} />}
            </div>
            <div className="controls">
              <PressedChoice
                role="radiogroup"
                label={t('fiat.desk.decision')}
                value={desk.decision}
                options={[['release', t('fiat.desk.release')], ['return', t('fiat.desk.return')]]}
                onChoose={desk.decide}
              />
              <label style={{ flex: 1 }}>
                {t('fiat.desk.reason')}
                <input value={desk.reason} maxLength={500} onChange={(e) => desk.setReason(e.target.value)} />
              </label>
              <Button $variant="primary" disabled={!desk.reason.trim()} onClick={desk.submit}>
                {t('fiat.desk.resolve')}
              </Button>
            </div>
          </PanelBody>
        </Panel>
      )}
      {desk.asked && (
        <ResolutionDialog
          asked={desk.asked}
          order={desk.appeals.find((a) => a.order.id === desk.asked!.order_id)?.order}
          busy={desk.resolving}
          refusal={desk.refusal}
          stepUpUntil={desk.stepUpUntil}
          onConfirm={desk.confirm}
          onCancel={desk.cancel}
        />
      )}
    </Frame>
  );
}
