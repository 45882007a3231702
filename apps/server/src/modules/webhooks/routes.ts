import {
  idParams,
  listOf,
  okEnvelope,
  TEAM_AUTHORITY,
  WEBHOOK,
  webhookCreated,
  webhookDeliveryQuery,
  webhookDeliveryRow,
  webhookEndpointBody,
  webhookEndpointRow,
  webhookSecret,
} from '@freight/contract';
import {
  conflictFailure,
  memberFailures,
  ownedFailures,
  ruleFailure,
  throttleFailure,
} from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/reply.js';
import { contextOf } from '../auth/context.js';
import { authenticated } from '../auth/hook.js';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './service.js';

/**
 * Webhook endpoints of a company, managed like its team: by owners and admins
 * (authority `team`, managing roles). Another company's endpoint answers 404.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, kv } = app.deps;
  const tags = ['webhooks'];
  const manager = authenticated({ all: [TEAM_AUTHORITY], manage: true });

  app.get(
    '/webhooks',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: "The company's webhook endpoints",
        response: { 200: okEnvelope(z.array(webhookEndpointRow)), ...memberFailures },
      },
    },
    async (request) => ok(await listWebhooks({ db, context: contextOf(request) })),
  );

  app.post(
    '/webhooks',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Register an endpoint; the reply carries its signing secret, this once',
        body: webhookEndpointBody,
        response: { 200: okEnvelope(webhookCreated), ...memberFailures, ...conflictFailure, ...ruleFailure },
      },
    },
    async (request) =>
      ok(
        await createWebhook({ db, config: config.webhooks, context: contextOf(request), body: request.body }),
      ),
  );

  app.put(
    '/webhooks/:id',
    {
      preValidation: manager,
      schema: {
        tags,
        summary:
          'Change an endpoint: its address, events, or enabled switch (enabling ends a failure streak)',
        params: idParams,
        body: webhookEndpointBody,
        response: { 200: okEnvelope(webhookEndpointRow), ...ownedFailures, ...ruleFailure },
      },
    },
    async (request) =>
      ok(
        await updateWebhook({
          db,
          config: config.webhooks,
          context: contextOf(request),
          id: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.post(
    '/webhooks/:id/secret',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Rotate the signing secret; the new one is in the reply, this once, and signs from now on',
        params: idParams,
        response: { 200: okEnvelope(webhookSecret), ...ownedFailures },
      },
    },
    async (request) =>
      ok(
        await rotateWebhookSecret({
          db,
          config: config.webhooks,
          context: contextOf(request),
          id: request.params.id,
        }),
      ),
  );

  app.delete(
    '/webhooks/:id',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Delete an endpoint and its delivery log',
        params: idParams,
        response: { 200: okEnvelope(z.null()), ...ownedFailures },
      },
    },
    async (request) => {
      await deleteWebhook({ db, context: contextOf(request), id: request.params.id });
      return ok(null);
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: `Queue a test event (webhook.test) to the endpoint; at most ${WEBHOOK.testEventsPerMinute} a minute per company (429 with Retry-After beyond)`,
        params: idParams,
        response: { 200: okEnvelope(webhookDeliveryRow), ...ownedFailures, ...throttleFailure },
      },
    },
    async (request) =>
      ok(await sendTestEvent({ db, kv, context: contextOf(request), id: request.params.id })),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: "The endpoint's delivery log, newest first",
        params: idParams,
        querystring: webhookDeliveryQuery,
        response: { 200: okEnvelope(listOf(webhookDeliveryRow)), ...ownedFailures },
      },
    },
    async (request) =>
      ok(
        await listDeliveries({
          db,
          context: contextOf(request),
          id: request.params.id,
          query: request.query,
        }),
      ),
  );
};
