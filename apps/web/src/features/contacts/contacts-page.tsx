import './strings';
import { CONTACT_IMPORT_EXTENSIONS, CONTACT_PAGE_SIZES, type Contact, contactQuery } from '@freight/contract';

import { useQueryClient } from '@tanstack/react-query';

import { Alert, App, Typography } from 'antd';

import { useState } from 'react';

import { useTranslation } from 'react-i18next';

import { useUrlFilters } from '../../app/use-url-filters';

import { saveDownload } from '../../api/client';

import { errorMessage } from '../../components/api-error';

import { useAction } from '../../components/use-action';

import { SheetToolbar } from '../../components/sheet-toolbar';

import { lazyDialog } from '../../components/lazy-dialog';

import { ContactSearch } from './contact-search';

import {
  CONTACT_IMPORT_PATH,
  CONTACT_TEMPLATE_PATH,
  deleteContacts,
  fetchContact,
  useContactList,
} from './contacts-api';
import { ContactsTable } from './contacts-table';

import { usePageTitle } from '../../app/page-title';

import { queryKeys } from '../../api/query-keys';

const ImportModal = lazyDialog(async () => (await import('../../components/import-modal')).ImportModal);
const ContactFormModal = lazyDialog(async () => (await import('./contact-form-modal')).ContactFormModal);

const DEFAULT_SIZE = CONTACT_PAGE_SIZES[0];

/** Contact Management: search, table, add/edit modal, single and batch delete, import, template. */
export function ContactsPage() {
  const { t } = useTranslation();
  usePageTitle(t('menu.contacts'));
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  // The search, page and size live in the address (shareable, kept on reload and language switch).
  const [query, setQuery] = useUrlFilters(contactQuery);
  const { keyword = '', page = 1, size = DEFAULT_SIZE } = query;
  // `too_long=1`: the contacts to shorten (the link of the notification that tells of them).
  const isTooLong = query.too_long === '1';
  const [selected, setSelected] = useState<number[]>([]);
  const [editor, setEditor] = useState<{ contact?: Contact } | undefined>();
  const [importing, setImporting] = useState(false);
  const list = useContactList(keyword, page, size, isTooLong);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.contacts.all });
  const action = useAction();

  const remove = (ids: number[], isBatch: boolean) =>
    modal.confirm({
      title: isBatch ? t('common.confirmBatchDelete', { count: ids.length }) : t('common.confirmDelete'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        action.run(
          async () => {
            await deleteContacts(ids);
            message.success(
              ids.length > 1 ? t('contacts.deletedMany', { count: ids.length }) : t('contacts.deleted'),
            );
            setSelected((current) => current.filter((id) => !ids.includes(id)));
            await refresh();
          },
          { title: t('contacts.deleteFailed') },
        ),
    });

  const edit = (contact: Contact) =>
    action.run(async () => setEditor({ contact: await fetchContact(contact.id) }), {
      title: t('contacts.detailFailed'),
    });

  const downloadTemplate = () =>
    action.run(() => saveDownload(CONTACT_TEMPLATE_PATH, 'contacts-template.xlsx'), {
      title: t('contacts.templateFailed'),
    });

  return (
    <section aria-labelledby="contacts-title">
      <Typography.Title level={4} id="contacts-title">
        {t('menu.contacts')}
      </Typography.Title>
      <ContactSearch
        filters={{ keyword, isTooLong }}
        onSearch={(next) =>
          setQuery({
            keyword: next.keyword,
            too_long: next.isTooLong ? '1' : undefined,
            size: size === DEFAULT_SIZE ? undefined : size,
          })
        }
      />
      <SheetToolbar
        addLabel={t('contacts.add')}
        onAdd={() => setEditor({})}
        onImport={() => setImporting(true)}
        onTemplate={downloadTemplate}
        selected={selected.length}
        onBatchDelete={() => remove(selected, true)}
      />
      {isTooLong && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('contacts.tooLongList')} />
      )}
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${t('contacts.listFailed')}: ${errorMessage(list.error, t('common.failed'))}`}
        />
      )}
      <ContactsTable
        contacts={list.data?.lists ?? []}
        total={list.data?.total ?? 0}
        query={list}
        page={page}
        size={size}
        sizes={CONTACT_PAGE_SIZES}
        selected={selected}
        onSelect={setSelected}
        onPage={(nextPage, nextSize) =>
          setQuery({
            keyword,
            too_long: query.too_long,
            page: nextSize === size ? nextPage : undefined,
            size: nextSize,
          })
        }
        onEdit={edit}
        onDelete={(contact) => remove([contact.id], false)}
      />
      {editor && (
        <ContactFormModal
          contact={editor.contact}
          onClose={() => setEditor(undefined)}
          onSaved={() => {
            setEditor(undefined);
            void refresh();
          }}
        />
      )}
      {importing && (
        <ImportModal
          open
          title={t('contacts.importTitle')}
          path={CONTACT_IMPORT_PATH}
          extensions={CONTACT_IMPORT_EXTENSIONS}
          onClose={() => setImporting(false)}
          onImported={(result) => {
            setImporting(false);
            message.success(t('contacts.imported', result));
            if (result.skipped > 0) message.info(t('common.examplesSkipped', { count: result.skipped }));
            void refresh();
          }}
        />
      )}
    </section>
  );
}
