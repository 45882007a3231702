import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown behind a load balancer. On SIGTERM the instance first drains: it keeps
 * serving, answers its readiness check with 503 (so the balancer stops sending new work) and asks
 * every client to close its connection after the current reply (`Connection: close`), so no request
 * is left waiting on a kept-alive connection that is about to be closed. Then it closes: no new
 * connections, in-flight requests finish, and the process exits within the shutdown timeout.
 */
export type Lifecycle = { draining: boolean };

export function registerLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle: Lifecycle = { draining: false };
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    return payload;
  });
  return lifecycle;
}

export async function shutdownGracefully(
  app: FastifyInstance,
  lifecycle: Lifecycle,
  options: { drainMs: number },
): Promise<void> {
  lifecycle.draining = true;
  if (options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
  await app.close();
}
