import { fromPromise } from 'xstate';
import { USER_ACTIONS, USERS_DESK_PATHS, type UserPage, type UsersDeskPage, type UsersDeskRow, type UsersExport, type UsersQuery } from '../../../../domain/usersDesk';
import { pageLoader } from '../../../app/machines/pagedList/pagedList.machine';
import type { ApiClient } from '../../../services/api';
import type { UserActionRequest } from '../machines/operatorUser/operatorUser.machine';

/** The users desk's calls (docs/API.md "The users desk"), over the operator's own API client, each honouring the abort signal. */
export function createUsersDeskActors(operatorApi: ApiClient) {
  return {
    /** A page of the users the filters find (the shared paged list's `loadPage`). */
    fetchUsers: pageLoader<UsersQuery, UsersDeskRow>(({ filter, page, size }, signal) => operatorApi.post<UsersDeskPage>(USERS_DESK_PATHS.search, { ...filter, page, size }, signal)),
    exportUsers: fromPromise<UsersExport, UsersQuery>(({ input, signal }) => operatorApi.post<UsersExport>(USERS_DESK_PATHS.export, input, signal)),
    loadUser: fromPromise<UserPage, { user_id: number }>(({ input, signal }) => operatorApi.post<UserPage>(USERS_DESK_PATHS.user, input, signal)),
    /** One action: its call (USER_ACTIONS), the reason, the code; a note sends its text as `body`. */
    runAction: fromPromise<unknown, UserActionRequest>(({ input, signal }) => {
      const { action, reason, ...rest } = input;
      const body = action === 'note' ? { user_id: input.user_id, body: reason } : { ...rest, reason };
      return operatorApi.post(USER_ACTIONS[action].path, body, signal);
    }),
  };
}
