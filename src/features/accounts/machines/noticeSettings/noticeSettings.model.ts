import { noticeSettingsMachine } from './noticeSettings.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const noticeSettingsModel = machineModel(noticeSettingsMachine, [{ name: 'email notifications' }], [
  { type: 'xstate.done.actor.fetchSettings', output: { trading_emails: false } },
  ...actorAnswers('fetchSettings', { trading_emails: true }),
  { type: 'noticeSettings.retry' },
  { type: 'noticeSettings.toggle' },
  { type: 'xstate.done.actor.saveSettings', output: { trading_emails: true } },
  ...actorAnswers('saveSettings', { trading_emails: false }, { kind: 'server', serverMessage: 'Too many changes; try again in a minute' }),
], (snapshot) => [snapshot.context.tradingEmails, snapshot.context.refusal !== undefined]);
