import { fromPromise } from 'xstate';
import { OPERATOR_PATHS, type OperatorSessionView } from '../../../domain/operators';
import type { ApiClient } from '../../services/api';

/**
 * The operator session's step-up window (docs/OPERATOR.md "The step-up window"): until when (epoch
 * ms) its approval-queue actions need no new 2FA code, or null — read from the session list's
 * current row, over the operator's own API client. The approval dialogs' machines invoke it as
 * `readStepUp` when a dialog opens (and again after a refusal), so the field is optional only
 * while the server says so; the server judges each call whatever the console shows.
 */
export const createStepUpReader = (api: ApiClient) =>
  fromPromise<number | null, unknown>(async ({ signal }) => (await api.post<OperatorSessionView[]>(OPERATOR_PATHS.mySessions, {}, signal)).find((s) => s.current)?.step_up_until ?? null);
