import {
  contact,
  contactInput,
  contactQuery,
  contactRow,
  idParams,
  IMPORT_LIMITS,
  listOf,
  okEnvelope,
} from '@freight/contract';
import { conflictFailure, memberFailures, ownedFailures } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batchDeleteRoute, importRoute, templateRoute } from '../../platform/owned-routes.js';
import { ok } from '../../platform/reply.js';
import { actorOf } from '../activity/service.js';
import { authenticated, currentUser } from '../auth/hook.js';
import { changeContact, createContact, getContact, listContacts, removeContacts } from './service.js';
import { contactTemplate, importContacts } from './sheet.js';

const tags = ['contacts'];

/** The contact book (role contact). Every read and write is limited to the member's own contacts. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const member = authenticated({ all: ['contact'] });

  app.get(
    '/customer/contact',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'The member’s contacts, newest first',
        querystring: contactQuery,
        response: { 200: okEnvelope(listOf(contactRow)), ...memberFailures },
      },
    },
    async (request) =>
      ok(
        await listContacts({
          db,
          ownerId: currentUser(request).id,
          role: currentUser(request).role,
          query: request.query,
          locale: request.locale,
        }),
      ),
  );

  templateRoute(app, {
    path: '/customer/contact/template',
    tags,
    summary:
      'The import template (.xlsx): headers in the requested language (Lang header or ?lang=), an example row, the country list',
    fileName: (locale) => (locale === 'zh-CN' ? 'contacts-template-zh.xlsx' : 'contacts-template-en.xlsx'),
    build: (locale) => contactTemplate({ db, locale }),
  });

  app.get(
    '/customer/contact/:id',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'One contact',
        params: idParams,
        response: { 200: okEnvelope(contact), ...ownedFailures },
      },
    },
    async (request) =>
      ok(
        await getContact({
          db,
          ownerId: currentUser(request).id,
          id: request.params.id,
          locale: request.locale,
        }),
      ),
  );

  app.post(
    '/customer/contact',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'Add a contact',
        body: contactInput,
        response: { 200: okEnvelope(contact), ...memberFailures, ...conflictFailure },
      },
    },
    async (request) =>
      ok(
        await createContact({
          db,
          ownerId: currentUser(request).id,
          actor: actorOf(currentUser(request)),
          input: request.body,
          locale: request.locale,
        }),
      ),
  );

  app.put(
    '/customer/contact/:id',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'Change a contact',
        params: idParams,
        body: contactInput,
        response: { 200: okEnvelope(contact), ...ownedFailures, ...conflictFailure },
      },
    },
    async (request) =>
      ok(
        await changeContact({
          db,
          ownerId: currentUser(request).id,
          actor: actorOf(currentUser(request)),
          id: request.params.id,
          input: request.body,
          locale: request.locale,
        }),
      ),
  );

  batchDeleteRoute(app, {
    path: '/customer/contact',
    preValidation: member,
    owner: (request) => currentUser(request).id,
    tags,
    noun: 'contacts',
    run: ({ ownerId, request, ids }) =>
      removeContacts({ db, ownerId, actor: actorOf(currentUser(request)), ids }),
  });

  importRoute(app, {
    path: '/customer/contact/import',
    preValidation: member,
    owner: (request) => currentUser(request).id,
    tags,
    noun: 'contacts',
    maxBytes: IMPORT_LIMITS.maxBytes,
    run: ({ request, ...input }) => importContacts({ db, ...input, actor: actorOf(currentUser(request)) }),
  });
};
