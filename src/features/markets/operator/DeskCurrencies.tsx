import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { OperatorCurrency } from '../../../../domain/marketsDesk';
import { Badge } from '../../../app/ui/Badge';
import { Button } from '../../../app/ui/Button';
import { DataTable } from '../../../app/ui/DataTable';
import { DateTime } from '../../../app/ui/DateTime';

const Section = styled.section`
  margin-top: 18px;
  h3 { margin: 0 0 8px; font-size: 14px; }
`;

/** An announced delisting's end and reason under the currency's state. */
const Delisting = styled.span`
  display: block;
  margin-top: 3px;
  font-size: 11px;
  white-space: normal;
  max-width: 420px;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.color.textDim};
`;

/**
 * The markets desk's currencies (issue 52 §1): each listed, or being delisted until its announced
 * end with the reason users read; "Delist" (offered with trading.write until one is announced)
 * opens the delisting form. The server refuses it while a spot pair on the currency is listed.
 */
export function DeskCurrencies(props: { currencies: OperatorCurrency[]; loading: boolean; mayAct: boolean; onDelist: (currency: OperatorCurrency) => void }) {
  const { t } = useTranslation();
  return (
    <Section aria-label={t('marketsDesk.currencies.title')}>
      <h3>{t('marketsDesk.currencies.title')}</h3>
      <DataTable<OperatorCurrency>
        label={t('marketsDesk.currencies.title')}
        rows={props.currencies}
        rowKey={(c) => c.symbol}
        emptyKey={props.loading ? 'common.loading' : 'marketsDesk.currencies.empty'}
        columns={[
          {
            key: 'marketsDesk.currencies.col',
            render: (c) => (
              <>
                <b>{c.symbol}</b> · {c.name}
              </>
            ),
          },
          {
            key: 'marketsDesk.col.state',
            render: (c) =>
              c.delist_at === null ? (
                <Badge $tone="up">{t('marketsDesk.currencies.listed')}</Badge>
              ) : (
                <>
                  <Badge $tone="warn">{t('marketsDesk.currencies.delisting')}</Badge>
                  <Delisting>
                    {t('marketsDesk.currencies.until')} <DateTime at={c.delist_at} /> · {c.delist_reason}
                  </Delisting>
                </>
              ),
          },
          {
            key: 'marketsDesk.col.actions',
            align: 'right',
            render: (c) =>
              props.mayAct && c.delist_at === null ? (
                <Button type="button" $small $variant="ghost" onClick={() => props.onDelist(c)}>
                  {t('marketsDesk.form.delist')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Section>
  );
}
