import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { isFinished, type FiatOrderStatus } from '../../../../domain/fiat';
import { Button } from '../../../app/ui/Button';
import { RetryButton } from '../../../app/ui/RetryButton';
import { ProblemLine } from './ProblemLine';
import { Panel, PanelBody } from '../../../app/ui/Panel';
import { useFiatChat } from '../fiat.hooks';
import { CHAT_IMAGE_TYPES, CHAT_TEXT_MAX } from '../machines/fiatChat/fiatChat.machine';
import { ChatMessages } from './ChatMessages';

const Composer = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin-top: 10px;
  textarea { flex: 1 1 260px; min-width: 0; resize: vertical; }
  .attach { display: inline-flex; align-items: center; cursor: pointer; padding: 6px 12px; border: 1px solid ${({ theme }) => theme.color.border}; border-radius: 4px; color: ${({ theme }) => theme.color.text}; font-size: 13px; }
  .attach input { position: absolute; width: 1px; height: 1px; opacity: 0; }
  .attach:focus-within { outline: 2px solid ${({ theme }) => theme.color.accent}; }
  .chip { display: inline-flex; gap: 6px; align-items: center; font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
`;

/**
 * The order chat on the parties' order pages: the messages, live, and a text or an image to send —
 * the buyer's payment proof, the seller's image. A finished order's chat is read-only: a cancelled
 * one's (issue 50 C10) and a completed one's, where a proof upload has nothing left to prove.
 */
export function OrderChat(props: { orderId: number; mine: 'buyer' | 'seller'; status: FiatOrderStatus }) {
  const { t } = useTranslation();
  const chat = useFiatChat(props.orderId);
  const closed = isFinished(props.status);
  return (
    <Panel>
      <PanelBody>
        <h2 style={{ margin: '0 0 8px', fontSize: 16 }}>{t('fiat.chat.title')}</h2>
        {chat.loadFailed && (
          <p role="alert">
            {t('fiat.chat.loadFailed')} <RetryButton small onRetry={chat.retry} />
          </p>
        )}
        {/* "Write to the other party here" only where one still may. */}
        {!chat.loading && chat.messages.length === 0 && !chat.loadFailed && !closed && <p className="faint">{t('fiat.chat.empty')}</p>}
        <ChatMessages messages={chat.messages} images={chat.images} mine={props.mine} enlarged={chat.enlarged} onEnlarge={chat.enlarge} onShrink={chat.shrink} />
        {closed && (
          <p className="faint" data-testid="chat-closed">
            {t(props.status === 'completed' ? 'fiat.chat.closedCompleted' : 'fiat.chat.closed')}
          </p>
        )}
        {!closed && (
          <Composer
            onSubmit={(e) => {
              e.preventDefault();
              chat.send();
            }}
          >
            <textarea rows={2} name="chat" aria-label={t('fiat.chat.message')} placeholder={t('fiat.chat.placeholder')} maxLength={CHAT_TEXT_MAX} value={chat.draft} onChange={(e) => chat.setDraft(e.target.value)} />
            <label className="attach">
              {t(props.mine === 'buyer' ? 'fiat.chat.attach' : 'fiat.chat.attachImage')}
              <input
                type="file"
                name="proof"
                accept={CHAT_IMAGE_TYPES.join(',')}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) chat.attach(file);
                  // The same file may be picked again after a removal.
                  e.target.value = '';
                }}
              />
            </label>
            {chat.attachment && (
              <span className="chip" data-testid="chat-attachment">
                {chat.attachmentName}
                <Button type="button" $small $variant="ghost" onClick={chat.detach}>
                  {t('fiat.chat.remove')}
                </Button>
              </span>
            )}
            <Button type="submit" $variant="primary" disabled={!chat.canSend || chat.sending}>
              {chat.sending ? t('fiat.chat.sending') : t('fiat.chat.send')}
            </Button>
          </Composer>
        )}
        <ProblemLine problem={chat.problem} />
      </PanelBody>
    </Panel>
  );
}
