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
import { contextOf } from '../auth/context.js';
import { authenticated } from '../auth/hook.js';
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
          context: contextOf(request),
          query: request.query,
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
          context: contextOf(request),
          id: request.params.id,
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
          context: contextOf(request),
          input: request.body,
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
          context: contextOf(request),
          id: request.params.id,
          input: request.body,
        }),
      ),
  );

  batchDeleteRoute(app, {
    path: '/customer/contact',
    preValidation: member,
    context: contextOf,
    tags,
    noun: 'contacts',
    run: ({ context, ids }) => removeContacts({ db, context, ids }),
  });

  importRoute(app, {
    path: '/customer/contact/import',
    preValidation: member,
    context: contextOf,
    tags,
    noun: 'contacts',
    maxBytes: IMPORT_LIMITS.maxBytes,
    run: (input) => importContacts({ db, ...input }),
  });
};
