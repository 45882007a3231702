import {
  errorEnvelope,
  idParams,
  NOTIFICATION_HEARTBEAT_MS,
  NOTIFICATION_STREAMS_PER_PERSON,
  notificationList,
  notificationQuery,
  okEnvelope,
  streamQuery,
  streamTicket,
  unreadCount,
} from '@freight/contract';
import { publicFailures, signedInFailures } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.js';
import { ok } from '../../platform/reply.js';
import { contextOf } from '../auth/context.js';
import { authenticated } from '../auth/hook.js';
import { liveSessions } from '../auth/sessions.js';
import type { LiveMessage } from './live-messages.js';
import {
  countUnread,
  issueTicket,
  listNotifications,
  readAll,
  readOne,
  recipientOf,
  takeTicket,
  unreadOne,
} from './service.js';
import { StreamHub } from './streams.js';

/**
 * The notification centre: the signed-in person's own notifications. Every role reads
 * them and marks them read (their own state, `personal`). The event stream is opened with a
 * single-use ticket (service.ts says why), and this instance's streams are fed by the live bus.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, kv, bus } = app.deps;
  const tags = ['notifications'];
  const hub = new StreamHub({
    perPerson: NOTIFICATION_STREAMS_PER_PERSON,
    heartbeatMs: NOTIFICATION_HEARTBEAT_MS,
    checkEvery: 3,
    liveSessions: (ids) => liveSessions({ db, config, ids }),
    onError: (error) => app.log.warn({ err: error }, 'notification streams: session check failed'),
  });
  bus.subscribe((message) => hub.dispatch(message as LiveMessage));
  app.addHook('preClose', async () => hub.closeAll());
  app.notificationStreams.count = () => hub.size;

  app.get(
    '/notifications',
    {
      preValidation: authenticated(),
      schema: {
        tags,
        summary:
          "A page of the person's notifications, newest first (unread only, or about bookings whose number contains `booking`), and their unread count",
        querystring: notificationQuery,
        response: { 200: okEnvelope(notificationList), ...signedInFailures },
      },
    },
    async (request) => ok(await listNotifications({ db, context: contextOf(request), query: request.query })),
  );
  app.get(
    '/notifications/unread',
    {
      preValidation: authenticated(),
      schema: {
        tags,
        summary: "The person's unread count (what the bell polls when it cannot hold a stream)",
        response: { 200: okEnvelope(unreadCount), ...signedInFailures },
      },
    },
    async (request) => ok(await countUnread({ db, context: contextOf(request) })),
  );
  app.put(
    '/notifications/:id/read',
    {
      preValidation: authenticated({ personal: true }),
      schema: {
        tags,
        summary: 'Marks one of the person’s notifications read; another person’s answers 404',
        params: idParams,
        response: { 200: okEnvelope(unreadCount), ...signedInFailures, 404: errorEnvelope },
      },
    },
    async (request) => ok(await readOne({ db, context: contextOf(request), id: request.params.id })),
  );
  app.put(
    '/notifications/:id/unread',
    {
      preValidation: authenticated({ personal: true }),
      schema: {
        tags,
        summary: 'Marks one of the person’s notifications unread again; another person’s answers 404',
        params: idParams,
        response: { 200: okEnvelope(unreadCount), ...signedInFailures, 404: errorEnvelope },
      },
    },
    async (request) => ok(await unreadOne({ db, context: contextOf(request), id: request.params.id })),
  );
  app.put(
    '/notifications/read',
    {
      preValidation: authenticated({ personal: true }),
      schema: {
        tags,
        summary: 'Marks all of the person’s notifications read',
        response: { 200: okEnvelope(unreadCount), ...signedInFailures },
      },
    },
    async (request) => ok(await readAll({ db, context: contextOf(request) })),
  );
  app.post(
    '/notifications/ticket',
    {
      preValidation: authenticated({ personal: true }),
      schema: {
        tags,
        summary: 'A single-use ticket, valid for a minute, that opens one event stream of this session',
        response: { 200: okEnvelope(streamTicket), ...signedInFailures },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const sessionId = request.sessionId;
      if (sessionId === null) throw new AppError(401, 'errors.unauthorized');
      return ok(await issueTicket({ kv, holder: { ...recipientOf(context), sessionId } }));
    },
  );
  app.get(
    '/notifications/stream',
    {
      schema: {
        tags,
        summary:
          'Server-Sent Events: ready, notification and read events of the person, until the session ends',
        querystring: streamQuery,
        response: { ...publicFailures, 401: errorEnvelope, 503: errorEnvelope },
      },
    },
    async (request, reply) => {
      if (app.lifecycle.draining) throw new AppError(503, 'errors.serviceUnavailable');
      const holder = await takeTicket({ kv, ticket: request.query.ticket });
      if (!holder) throw new AppError(401, 'account.sessionExpired');
      const [live] = await liveSessions({ db, config, ids: [holder.sessionId] });
      if (!live || live.companyId !== holder.companyId) throw new AppError(401, 'account.sessionExpired');
      // The ticket names the person and company of the signed-in request that asked for it.
      const { unread } = await countUnread({ db, context: holder });
      reply.hijack();
      hub.open(reply.raw, holder, { unread });
    },
  );
};
