import { defineProduct } from '../../kernel/platform/product.js';
import { ensureOperator } from './operators.js';
import { operatorRoutes } from './routes.js';

/**
 * Operators: the session, the admin's operators desk and the auditor's audit log (roles and the
 * log itself are the kernel's: kernel/platform/auth/operators/). OPERATOR_ACCOUNT / OPERATOR_PASSWORD
 * create or refresh the first admin, with every role, at start; OPERATOR_TOTP_SECRET pre-enrols its
 * 2FA (security/signIn.ts: every operator signs in with a password and a TOTP code).
 */
export const operator = defineProduct({
  id: 'operator',
  create: ({ db, config }) => ({
    routes: operatorRoutes(db),
    prepare: async () => {
      if (config.operator) await ensureOperator(db, config.operator.account, config.operator.password, config.operator.totpSecret);
    },
  }),
});
