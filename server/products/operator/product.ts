import { defineProduct } from '../../kernel/product.js';
import { ensureOperator } from './operators.js';
import { operatorRoutes } from './routes.js';

/** The operator's session; OPERATOR_ACCOUNT / OPERATOR_PASSWORD create or refresh the operator at start. */
export const operator = defineProduct({
  id: 'operator',
  create: ({ db, config }) => ({
    routes: operatorRoutes(db),
    prepare: async () => {
      if (config.operator) await ensureOperator(db, config.operator.account, config.operator.password);
    },
  }),
});
