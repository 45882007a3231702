import type { Contact, ContactInput, ContactRow, ListData } from '@freight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export const CONTACT_IMPORT_PATH = '/customer/contact/import';
export const CONTACT_TEMPLATE_PATH = '/customer/contact/template';

/**
 * The member's own contacts, one page at a time; country names come in the request's language.
 * `isTooLong`: only those too long for a B/L (contactQuery's `too_long`), a list of its own under
 * the contacts' key, so that a change to the book refreshes it with the rest.
 */
export function useContactList(keyword: string, page: number, size: number, isTooLong = false) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.contacts.list(keyword, page, size, i18n.language, isTooLong),
    queryFn: () =>
      api.get<ListData<ContactRow>>('/customer/contact', {
        keyword,
        page,
        size,
        ...(isTooLong ? { too_long: '1' } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export const fetchContact = (id: number) => api.get<Contact>(`/customer/contact/${id}`);
export const createContact = (input: ContactInput) => api.post<Contact>('/customer/contact', input);
export const updateContact = (id: number, input: ContactInput) =>
  api.put<Contact>(`/customer/contact/${id}`, input);
/** All or nothing (contract idListBody). */
export const deleteContacts = (ids: number[]) =>
  api.delete<{ deleted: number }>('/customer/contact', { ids });
