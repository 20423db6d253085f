import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { simulateDepositSchema, type SimulateDepositValues } from '../../../../../domain/walletValidation';
import { useAppFlow } from '../../../../app/views/hooks';
import { useSimulateDeposit } from '../../wallet.hooks';
import { Button } from '../../../../app/ui/Button';
import { Muted } from '../../../../app/ui/Panel';
import { WithdrawalField } from '../WithdrawalField';
import { WalletForm } from '../../../../kit/wallet/walletUi';

const Box = styled.section`
  margin-top: 28px;
  max-width: 720px;
  form { display: grid; grid-template-columns: 1fr 1fr; gap: 10px 14px; align-items: start; }
  form .wide { grid-column: 1 / -1; }
`;

/** /operator: "send test deposit" to an address on the simulated chain; it then confirms on the server's timer. */
export function WithdrawalTestDeposit() {
  const { t } = useTranslation();
  const { currencies } = useAppFlow();
  const chain = useSimulateDeposit();
  return (
    <Box aria-label={t('wallet.ops.testDeposit')}>
      <h2>{t('wallet.ops.testDeposit')}</h2>
      <Muted style={{ marginBottom: 10 }}>{t('wallet.ops.testDepositIntro')}</Muted>
      <WalletForm>
        <Formik<SimulateDepositValues>
          key={chain.sent}
          initialValues={{ address: '', currency: currencies[0]?.symbol ?? 'USDT', network: '', quantity: '' }}
          validationSchema={simulateDepositSchema}
          onSubmit={(v) => chain.send({ address: v.address.trim(), currency: v.currency.trim(), network: v.network.trim(), quantity: v.quantity.trim() })}
        >
          <Form noValidate>
            <div className="wide">
              <WithdrawalField name="address" labelKey="col.address" />
            </div>
            <WithdrawalField name="currency" labelKey="col.currency" />
            <WithdrawalField name="network" labelKey="col.network" />
            <WithdrawalField name="quantity" labelKey="col.quantity" inputMode="decimal" />
            <div className="wide">
              <Button type="submit" disabled={chain.sending}>
                {t('wallet.ops.sendDeposit')}
              </Button>
            </div>
          </Form>
        </Formik>
      </WalletForm>
    </Box>
  );
}
