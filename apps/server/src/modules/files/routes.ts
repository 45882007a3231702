import { errorEnvelope } from '@freight/contract';
import { fileReply, publicFailures } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../auth/hook.js';
import { resolveSession } from '../auth/sessions.js';
import { readFile } from './service.js';

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, storage } = app.deps;
  app.get(
    '/file/:id',
    {
      schema: {
        tags: ['files'],
        summary:
          'An uploaded image: company logos for anyone, other files for their owner only (404 otherwise)',
        params: z.object({ id: z.string().max(36) }),
        response: { 200: fileReply('image/*'), ...publicFailures, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      const session = token ? await resolveSession({ db, config, token }) : undefined;
      const file = await readFile({
        db,
        storage,
        id: request.params.id,
        viewerCompanyId: session?.user.companyId ?? null,
      });
      reply.header('content-type', file.contentType);
      reply.header('cache-control', file.isPublic ? 'public, max-age=86400' : 'private, no-store');
      reply.header('content-disposition', 'inline');
      return reply.send(file.data);
    },
  );
};
