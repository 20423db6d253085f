import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as not encapsulated (what fastify-plugin does), so hooks and decorators it adds
 * apply to the whole app rather than only to its own scope.
 */
export default function fp(plugin: (app: FastifyInstance) => void | Promise<void>): FastifyPluginAsync {
  const wrapped: FastifyPluginAsync = async (app) => {
    await plugin(app);
  };
  (wrapped as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return wrapped;
}
