import { fiatSettingsMachine } from './fiatSettings.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const CURRENT = { pay_time: 120, confirm_time: 60, max_unpaid_num: 5, suspend_time: 1440, max_online_ads: 50 };

export const fiatSettingsModel = machineModel(fiatSettingsMachine, [{ name: 'the trade settings' }], [
  ...actorAnswers('fetchSettings', CURRENT),
  { type: 'settings.submit', form: { pay_time: '0.25', confirm_time: '60', max_unpaid_num: '3' } },
  { type: 'settings.submit', form: { pay_time: '120', confirm_time: '60', max_unpaid_num: '5' } },
  { type: 'settings.submit', form: { pay_time: '0', confirm_time: '60', max_unpaid_num: '5' } },
  // What the saveSettings child (the shared confirm-then-act) reports.
  { type: 'confirmAct.done', subject: { pay_time: 0.25, max_unpaid_num: 3 }, output: { ...CURRENT, pay_time: 0.25, max_unpaid_num: 3 } },
  { type: 'confirmAct.failed', subject: { pay_time: 0.25, max_unpaid_num: 3 }, error: { kind: 'server', serverMessage: 'Invalid value' } },
], (s) => [s.context.settings?.pay_time, s.context.revision > 1]);
