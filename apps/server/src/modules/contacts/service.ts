import {
  type Contact,
  contactInput,
  type ContactQuery,
  contactTooLong,
  type ContactRow as ContactListRow,
  type ListData,
  type Locale,
  PARSE_OPTIONS,
  rowActionsOf,
} from '@freight/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db.js';
import type { RequestContext } from '../auth/context.js';
import { deleteAllOrNothing } from '../../platform/batch.js';
import { AppError, isUniqueViolation, RequestValidationError } from '../../platform/errors.js';
import { changedFields, recordActivity } from '../activity/service.js';
import {
  allCountries,
  type ContactRow,
  type ContactValues,
  deleteContacts,
  findContact,
  findContactPage,
  insertContact,
  lockContact,
  updateContact,
} from './repo.js';

export function dedupeKey(values: { type: string; company1: string; linkman: string }): string {
  const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return `${values.type}|${norm(values.company1)}|${norm(values.linkman)}`;
}

function present(
  row: { contact: ContactRow; countryEn: string; countryZh: string },
  locale: Locale,
): Contact {
  const c = row.contact;
  return {
    id: c.id,
    type: c.type as Contact['type'],
    company1: c.company1,
    company2: c.company2,
    linkman: c.linkman,
    address1: c.address1,
    address2: c.address2,
    city: c.city,
    province: c.province,
    country_id: c.countryId,
    country_name: locale === 'zh-CN' ? row.countryZh : row.countryEn,
    zip_code: c.zipCode,
    phone: c.phone,
    email: c.email,
  };
}

async function toValues(db: Db, input: unknown): Promise<ContactValues> {
  const parsed = contactInput.safeParse(input, PARSE_OPTIONS);
  if (!parsed.success) throw new RequestValidationError(parsed.error);
  const v = parsed.data;
  const countries = await allCountries(db);
  if (!countries.some((c) => c.id === v.country_id))
    throw new AppError(400, 'validation.invalidValue', {}, [{ field: 'country_id' }]);
  return contactValues(v);
}

/** The row values of a checked contact, with the key that recognises it again on import. */
export function contactValues(v: z.output<typeof contactInput>): ContactValues {
  return {
    type: v.type,
    company1: v.company1,
    company2: v.company2,
    linkman: v.linkman,
    address1: v.address1,
    address2: v.address2,
    city: v.city,
    province: v.province,
    countryId: v.country_id,
    zipCode: v.zip_code,
    phone: v.phone,
    email: v.email,
    dedupeKey: dedupeKey(v),
  };
}

const duplicate = () => new AppError(409, 'contacts.duplicate', {}, [{ field: 'company1' }]);

/** A contact's fields by their API names, for the activity trail's changed fields. */
const CONTACT_FIELDS = {
  type: 'type',
  company1: 'company1',
  company2: 'company2',
  linkman: 'linkman',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  province: 'province',
  countryId: 'country_id',
  zipCode: 'zip_code',
  phone: 'phone',
  email: 'email',
} as const satisfies Partial<Record<keyof ContactValues, string>>;

/** How the trail names a contact: its company and contact person. */
const contactLabel = (c: { company1: string; linkman: string }) => `${c.company1} · ${c.linkman}`;

export async function listContacts(options: {
  db: Db;
  context: Pick<RequestContext, 'companyId' | 'locale' | 'role'>;
  query: ContactQuery;
}): Promise<ListData<ContactListRow>> {
  const { rows, total } = await findContactPage(options.db, options.context.companyId, options.query);
  const actions = rowActionsOf(options.context.role);
  return {
    lists: rows.map((row) => {
      const contact = present(row, options.context.locale);
      return { ...contact, actions, too_long: contactTooLong(contact).map((long) => long.field) };
    }),
    total,
  };
}

/** Another member's contact answers 404, exactly like a missing one. */
export async function getContact(options: {
  db: Db;
  context: Pick<RequestContext, 'companyId' | 'locale'>;
  id: number;
}): Promise<Contact> {
  const row = await findContact(options.db, options.context.companyId, options.id);
  if (!row) throw new AppError(404, 'errors.notFound');
  return present(row, options.context.locale);
}

export async function createContact(options: {
  db: Db;
  context: Pick<RequestContext, 'actor' | 'companyId' | 'locale'>;
  input: unknown;
}): Promise<Contact> {
  const values = await toValues(options.db, options.input);
  try {
    const id = await options.db.transaction(async (tx) => {
      const inserted = await insertContact(tx, options.context.companyId, values);
      await recordActivity(tx, options.context.actor, {
        kind: 'contact',
        action: 'create',
        objectId: inserted,
        label: contactLabel(values),
      });
      return inserted;
    });
    return getContact({ ...options, id });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function changeContact(options: {
  db: Db;
  context: Pick<RequestContext, 'actor' | 'companyId' | 'locale'>;
  id: number;
  input: unknown;
}): Promise<Contact> {
  const values = await toValues(options.db, options.input);
  try {
    await options.db.transaction(async (tx) => {
      const before = await lockContact(tx, options.context.companyId, options.id);
      if (!before || !(await updateContact(tx, options.context.companyId, options.id, values)))
        throw new AppError(404, 'errors.notFound');
      const fields = changedFields(before, values, CONTACT_FIELDS);
      if (fields.length > 0)
        await recordActivity(tx, options.context.actor, {
          kind: 'contact',
          action: 'update',
          objectId: options.id,
          label: contactLabel(values),
          fields,
        });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  return getContact(options);
}

/** Deletes all the given contacts, or none: an id that is not the member's refuses the whole batch. */
export async function removeContacts(options: {
  db: Db;
  context: Pick<RequestContext, 'actor' | 'companyId'>;
  ids: number[];
}): Promise<{ deleted: number }> {
  return deleteAllOrNothing({
    db: options.db,
    ids: options.ids,
    // Recorded before the batch is judged: a refused batch rolls the trail back with the deletes.
    remove: async (tx, ids) => {
      const gone = await deleteContacts(tx, options.context.companyId, ids);
      await recordActivity(
        tx,
        options.context.actor,
        ...gone.map((c) => ({
          kind: 'contact' as const,
          action: 'delete' as const,
          objectId: c.id,
          label: contactLabel(c),
        })),
      );
      return gone.length;
    },
    refusedKey: 'contacts.notAllYours',
  });
}
