import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { API_KEY_LABEL_MAX, API_KEY_PERMISSIONS, MAX_API_KEYS, splitIpAllowlist, type ApiKeyItem, type ApiKeyPermission } from '../../../../../domain/apiKeys';
import { PHONE } from '../../../../app/theme';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { ConfirmDeleteDialog, deleteColumn } from './ConfirmDeleteDialog';
import { DataTable } from '../../../../app/ui/DataTable';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted, PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';
import { RetryButton } from '../../../../app/ui/RetryButton';
import { inlineFormCard } from '../../../../app/ui/inlineFormCard';
import type { DeleteSubject } from '../../machines/apiKeys/apiKeys.machine';
import { useApiKeysFlow } from '../../apiKeys.hooks';
import { FormRefusal } from '../../../../kit/auth/AuthForm';

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(140px, 1fr) auto minmax(180px, 1.4fr) auto auto;
  align-items: end;
  gap: 8px 12px;
  margin: 12px 0 14px;
  ${inlineFormCard}
  legend { font-size: 11px; color: ${({ theme }) => theme.color.textDim}; }
  fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
  .checks { display: flex; gap: 12px; padding: 6px 0; white-space: nowrap; }
  .checks label { font-size: 13px; color: ${({ theme }) => theme.color.text}; display: inline-flex; gap: 5px; align-items: center; }
  .checks label[data-disabled='true'] { color: ${({ theme }) => theme.color.textFaint}; }
  input[type='text'] {
    background: ${({ theme }) => theme.color.panel};
    border: 1px solid ${({ theme }) => theme.color.fieldBorder};
    border-radius: 4px;
    padding: 6px 8px;
    color: ${({ theme }) => theme.color.text};
    width: 100%;
    min-width: 0;
  }
  input[name='totp_code'] { width: 110px; }
  .hint { grid-column: 1 / -1; font-size: 11px; color: ${({ theme }) => theme.color.textFaint}; margin: 0; }
  ${PHONE} { grid-template-columns: 1fr; }
`;

const Secret = styled.div`
  margin: 0 0 14px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.color.warn};
  background: ${({ theme }) => theme.color.warn}14;
  border-radius: ${({ theme }) => theme.radius};
  strong { color: ${({ theme }) => theme.color.warn}; }
  dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 6px 12px; margin: 8px 0; align-items: center; }
  dt { color: ${({ theme }) => theme.color.textDim}; font-size: 12px; }
  dd { margin: 0; min-width: 0; }
  code { font-family: ${({ theme }) => theme.font.mono}; font-size: 12px; overflow-wrap: anywhere; user-select: all; }
  .actions { display: flex; gap: 8px; }
`;

const Usage = styled.details`
  margin-top: 14px;
  color: ${({ theme }) => theme.color.textDim};
  summary { cursor: pointer; color: ${({ theme }) => theme.color.text}; font-weight: 500; }
  p { margin: 6px 0; }
  pre {
    margin: 6px 0 0;
    padding: 8px 10px;
    overflow-x: auto;
    background: ${({ theme }) => theme.color.panelRaised};
    border-radius: 4px;
    font-family: ${({ theme }) => theme.font.mono};
    font-size: 12px;
    color: ${({ theme }) => theme.color.text};
  }
`;

const Mono = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 12px;
`;

const PERMISSION_KEY: Record<ApiKeyPermission, string> = { read: 'apiKeys.permission.read', trade: 'apiKeys.permission.trade', withdraw: 'apiKeys.permission.withdraw' };
const PERMISSION_TONE: Record<ApiKeyPermission, 'dim' | 'up' | 'warn'> = { read: 'dim', trade: 'up', withdraw: 'warn' };

const shortKey = (key: string) => `${key.slice(0, 8)}…${key.slice(-4)}`;

/**
 * /user/api (issue 36): create an API key (label, permissions, IP allowlist, the 2FA code when 2FA
 * is on), its secret shown once with a copy button, the keys with their last use, delete behind a
 * confirmation, and how a Binance client (ccxt) uses a key on this site.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const flow = useApiKeysFlow();
  const [label, setLabel] = useState('');
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>(['read']);
  const [ips, setIps] = useState('');
  const [code, setCode] = useState('');
  const ids = { label: useId(), ips: useId(), code: useId() };
  const ipList = splitIpAllowlist(ips);
  const withdrawAllowed = ipList.length > 0;
  const origin = window.location.origin;

  // A key made: the form starts over (the code is used up). Adjusted while rendering, when the
  // machine's `created` is a new key (React's way for state that follows a value; no effect).
  const [formFor, setFormFor] = useState(flow.created);
  if (flow.created !== formFor) {
    setFormFor(flow.created);
    if (flow.created) {
      setLabel('');
      setPermissions(['read']);
      setIps('');
      setCode('');
    }
  }
  // No address left: withdraw cannot stay ticked.
  if (!withdrawAllowed && permissions.includes('withdraw')) setPermissions((p) => p.filter((x) => x !== 'withdraw'));

  const toggle = (permission: ApiKeyPermission, on: boolean) =>
    setPermissions((p) => (on ? [...p.filter((x) => x !== permission), permission] : p.filter((x) => x !== permission)));

  return (
    <Panel>
      <PanelBody>
        <PageTitle>{t('menu.user.apiKeys')}</PageTitle>
        <Muted>{t('apiKeys.intro', { max: MAX_API_KEYS })}</Muted>

        <Form
          noValidate
          aria-label={t('apiKeys.createTitle')}
          // A change to any field takes away the refusal written above the button (issue 50 S3).
          onChange={flow.edit}
          onSubmit={(e) => {
            e.preventDefault();
            flow.create({ label, permissions: API_KEY_PERMISSIONS.filter((p) => permissions.includes(p)), ip_allowlist: ipList, ...(flow.twoFactor ? { totp_code: code } : {}) });
          }}
        >
          <div className="field">
            <label htmlFor={ids.label}>{t('apiKeys.label')}</label>
            <input id={ids.label} name="label" type="text" maxLength={API_KEY_LABEL_MAX} autoComplete="off" value={label} onChange={(e) => setLabel(e.target.value)} />
          </div>
          <fieldset>
            <legend>{t('apiKeys.permissions')}</legend>
            <div className="checks">
              {API_KEY_PERMISSIONS.map((p) => {
                const disabled = p === 'withdraw' && !withdrawAllowed;
                return (
                  <label key={p} data-disabled={disabled} title={disabled ? t('apiKeys.withdrawHint') : undefined}>
                    <input type="checkbox" name={`permission-${p}`} checked={permissions.includes(p)} disabled={disabled} onChange={(e) => toggle(p, e.target.checked)} />
                    {t(PERMISSION_KEY[p])}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="field">
            <label htmlFor={ids.ips}>{t('apiKeys.ipAllowlist')}</label>
            <input id={ids.ips} name="ip_allowlist" type="text" autoComplete="off" placeholder="203.0.113.7, 2001:db8::1" value={ips} onChange={(e) => setIps(e.target.value)} />
          </div>
          {flow.twoFactor && (
            <div className="field">
              <label htmlFor={ids.code}>{t('apiKeys.code')}</label>
              <input id={ids.code} name="totp_code" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={11} value={code} onChange={(e) => setCode(e.target.value)} />
            </div>
          )}
          <FormRefusal refusal={flow.refusal} testId="api-key-refusal" />
          <Button type="submit" $variant="primary" disabled={flow.creating || flow.loading}>
            {t('apiKeys.create')}
          </Button>
          <p className="hint">{t('apiKeys.withdrawHint')}</p>
        </Form>

        {flow.created && (
          <Secret role="region" aria-label={t('apiKeys.secretTitle')} data-testid="api-key-secret">
            <strong>{t('apiKeys.secretTitle')}</strong>
            <Muted>{t('apiKeys.secretWarning')}</Muted>
            <dl>
              <dt>{t('apiKeys.col.key')}</dt>
              <dd>
                <code>{flow.created.api_key}</code>
              </dd>
              <dt>{t('apiKeys.secret')}</dt>
              <dd>
                <code data-testid="api-key-secret-value">{flow.created.secret}</code>
              </dd>
            </dl>
            <div className="actions">
              <Button type="button" $small onClick={flow.copySecret}>
                {t('apiKeys.copySecret')}
              </Button>
              <Button type="button" $variant="ghost" $small onClick={flow.secretSaved}>
                {t('apiKeys.secretSaved')}
              </Button>
            </div>
          </Secret>
        )}

        <DataTable<ApiKeyItem>
          label={t('menu.user.apiKeys')}
          rows={flow.keys}
          rowKey={(k) => k.api_key}
          emptyKey={flow.loading ? 'apiKeys.loading' : 'apiKeys.empty'}
          columns={[
            { key: 'apiKeys.col.label', render: (k) => <span data-testid="api-key-row">{k.label}</span> },
            { key: 'apiKeys.col.key', render: (k) => <Mono title={k.api_key}>{shortKey(k.api_key)}</Mono> },
            {
              key: 'apiKeys.col.permissions',
              render: (k) => (
                <span style={{ display: 'inline-flex', gap: 4 }}>
                  {k.permissions.map((p) => (
                    <Badge key={p} $tone={PERMISSION_TONE[p]}>
                      {t(PERMISSION_KEY[p])}
                    </Badge>
                  ))}
                </span>
              ),
            },
            { key: 'apiKeys.col.ips', render: (k) => (k.ip_allowlist.length ? <Mono>{k.ip_allowlist.join(', ')}</Mono> : <Muted as="span">{t('apiKeys.anyAddress')}</Muted>) },
            { key: 'apiKeys.col.created', render: (k) => <DateTime at={k.created_ms} /> },
            {
              key: 'apiKeys.col.lastUsed',
              render: (k) =>
                k.last_used_ms === null ? (
                  <Muted as="span">{t('apiKeys.never')}</Muted>
                ) : (
                  <span>
                    <DateTime at={k.last_used_ms} /> <Mono>{k.last_used_ip ?? ''}</Mono>
                  </span>
                ),
            },
            deleteColumn((k) => flow.remove(k.api_key), 'apiKeys.delete'),
          ]}
        />
        {flow.loadFailed && <RetryButton onRetry={flow.retry} />}

        <Usage>
          <summary>{t('apiKeys.usageTitle')}</summary>
          <p>{t('apiKeys.usage', { origin })}</p>
          <pre>{`import ccxt from 'ccxt';
const exchange = new ccxt.binance({ apiKey, secret, options: { fetchMarkets: { types: ['spot', 'linear'] }, fetchMargins: false, fetchCurrencies: false } });
for (const [name, url] of Object.entries(exchange.urls.api)) exchange.urls.api[name] = url.replace(/^https:\\/\\/[^/]+/, '${origin}');
await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 20000);`}</pre>
          <p>{t('apiKeys.usageRaw', { origin })}</p>
        </Usage>

        <ConfirmDeleteDialog<DeleteSubject>
          actor={flow.deleteQuestion}
          titleKey="apiKeys.confirmTitle"
          confirmKey="apiKeys.deleteKey"
          keepKey="apiKeys.keepKey"
          messageKey="apiKeys.confirm"
          params={({ api_key }) => ({ label: flow.keys.find((k) => k.api_key === api_key)?.label ?? '', key: shortKey(api_key) })}
        />
      </PanelBody>
    </Panel>
  );
}
