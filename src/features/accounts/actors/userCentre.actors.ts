import { fromPromise } from 'xstate';
import type { UserInfo } from '../../../../domain/api';
import type { SecurityKind } from '../../../../domain/userCentre';
import { WALLET_PATHS, type WalletNetwork } from '../../../../domain/wallet';
import { NOTICE_SETTINGS_PATHS, type NoticeSettings } from '../../../../domain/informHelp';
import type { AvatarFile } from '../machines/profile/profile.machine';
import type { BookRecord, RecordFields } from '../../../kit/addressBook/bookRecord';
import { createAddressesReader } from '../../../kit/addressBook/addressBook.actors';
import type { CodeRequest, SecurityFields } from '../machines/securityChange/securityChange.machine';
import type { ApiClient } from '../../../services/api';

const CHANGE_PATH: Record<SecurityKind, string> = {
  loginPwd: '/api/user/login_pwd',
  fundsPwd: '/api/user/funds_pwd',
  email: '/api/user/email',
  phone: '/api/user/phone',
};

/**
 * Promise actors for the user centre calls (/api/user/*). `readFile` turns the chosen image into
 * a data URL; it is a browser service supplied at the composition root.
 */
export function createUserCentreActors(api: ApiClient, readFile: (file: AvatarFile) => Promise<string>) {
  return {
    fetchAvatar: fromPromise<{ data_url: string }>(({ signal }) => api.post('/api/user/avatar_image', {}, signal)),
    saveNickname: fromPromise<UserInfo, { nickname: string }>(({ input, signal }) => api.post('/api/user/nickname', input, signal)),
    uploadAvatar: fromPromise<UserInfo, { file: AvatarFile }>(async ({ input, signal }) => api.post('/api/user/avatar', { image: await readFile(input.file) }, signal)),
    sendSecurityCode: fromPromise<null, CodeRequest>(({ input, signal }) => api.post('/api/user/send_code', input, signal)),
    submitSecurityChange: fromPromise<null, { kind: SecurityKind; fields: SecurityFields }>(({ input, signal }) => api.post(CHANGE_PATH[input.kind], input.fields, signal)),
    fetchAddresses: createAddressesReader(api),
    saveAddress: fromPromise<BookRecord, { fields: RecordFields }>(({ input, signal }) => api.post('/api/user/address_add', input.fields, signal)),
    deleteAddress: fromPromise<null, { id: number }>(({ input, signal }) => api.post('/api/user/address_delete', input, signal)),
    /** A currency's networks, for the address book's Network choice (issue 50 M12). */
    fetchNetworks: fromPromise<WalletNetwork[], { currency: string }>(({ input, signal }) => api.post<WalletNetwork[]>(WALLET_PATHS.networks, input, signal)),
    fetchMethods: fromPromise<BookRecord[]>(({ signal }) => api.post<BookRecord[]>('/api/user/coll_methods', {}, signal)),
    saveMethod: fromPromise<BookRecord, { id?: number; fields: RecordFields }>(({ input, signal }) =>
      input.id === undefined ? api.post('/api/user/coll_method_add', input.fields, signal) : api.post('/api/user/coll_method_edit', { id: input.id, ...input.fields }, signal),
    ),
    deleteMethod: fromPromise<null, { id: number }>(({ input, signal }) => api.post('/api/user/coll_method_delete', input, signal)),
    /** Whether the trading alerts are emailed too (/user/c-set's "Email notifications"). */
    fetchNoticeSettings: fromPromise<NoticeSettings>(({ signal }) => api.post<NoticeSettings>(NOTICE_SETTINGS_PATHS.get, {}, signal)),
    saveNoticeSettings: fromPromise<NoticeSettings, NoticeSettings>(({ input, signal }) => api.post<NoticeSettings>(NOTICE_SETTINGS_PATHS.set, { trading_emails: input.trading_emails }, signal)),
  };
}
