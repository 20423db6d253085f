import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { FiatChatMessage } from '../../../../domain/fiat';
import { DateTime } from '../../../app/ui/DateTime';
import { Dialog } from '../../../app/ui/Dialog';

const SENDER_KEYS = { buyer: 'fiat.chat.buyer', seller: 'fiat.chat.seller', operator: 'fiat.chat.operator' } as const;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 4px 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  max-height: 360px;
  overflow-y: auto;
  li { max-width: min(80%, 420px); padding: 8px 10px; border-radius: 8px; background: ${({ theme }) => theme.color.panelRaised}; border: 1px solid ${({ theme }) => theme.color.border}; }
  li.mine { align-self: flex-end; border-color: ${({ theme }) => theme.color.accent}66; }
  .who { display: flex; justify-content: space-between; gap: 12px; font-size: 12px; color: ${({ theme }) => theme.color.textDim}; margin-bottom: 4px; }
  p { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  .thumb { all: unset; cursor: zoom-in; display: block; margin-top: 4px; }
  .thumb img { display: block; max-width: 200px; max-height: 160px; border-radius: 4px; object-fit: cover; }
  .thumb:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; }
`;

/**
 * An order's messages oldest first, each image as a thumbnail that opens larger; shared by the
 * parties' chat panel and the operator's appeal case. `mine` marks the viewer's own side.
 */
export function ChatMessages(props: {
  messages: FiatChatMessage[];
  images: Record<number, string>;
  mine?: 'buyer' | 'seller';
  enlarged: number | undefined;
  onEnlarge: (id: number) => void;
  onShrink: () => void;
}) {
  const { t } = useTranslation();
  const big = props.enlarged === undefined ? undefined : props.images[props.enlarged];
  return (
    <>
      <List aria-label={t('fiat.chat.title')} data-testid="chat-messages">
        {props.messages.map((m) => (
          <li key={m.id} className={m.sender === props.mine ? 'mine' : undefined}>
            <div className="who">
              <b>{t(SENDER_KEYS[m.sender])}</b>
              <DateTime at={m.created_at} />
            </div>
            {m.text && <p>{m.text}</p>}
            {m.image !== null &&
              (props.images[m.id] ? (
                <button type="button" className="thumb" onClick={() => props.onEnlarge(m.id)} aria-label={t('fiat.chat.openImage')}>
                  <img src={props.images[m.id]} alt={t('fiat.chat.proofImage')} />
                </button>
              ) : (
                <p className="faint">{props.images[m.id] === '' ? t('fiat.chat.imageUnavailable') : t('common.loading')}</p>
              ))}
          </li>
        ))}
      </List>
      {big && (
        <Dialog title={t('fiat.chat.proofImage')} onClose={props.onShrink} wide>
          <img src={big} alt={t('fiat.chat.proofImage')} style={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', margin: '0 auto' }} />
        </Dialog>
      )}
    </>
  );
}
