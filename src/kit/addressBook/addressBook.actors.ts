import { fromPromise } from 'xstate';
import type { ApiClient } from '../../services/api';
import type { BookRecord } from './bookRecord';

/** The user's withdrawal addresses (all currencies): the accounts product's address book, and the wallet's withdrawal, which offers them. */
export const createAddressesReader = (api: ApiClient) => fromPromise<BookRecord[]>(({ signal }) => api.post<BookRecord[]>('/api/user/addresses', {}, signal));
