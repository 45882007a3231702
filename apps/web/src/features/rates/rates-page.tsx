import './strings';
import { RATE_IMPORT_EXTENSIONS, type Rate, rateQuery, type RateRow } from '@freight/contract';

import { useQueryClient } from '@tanstack/react-query';

import { Alert, App, Table, Typography } from 'antd';

import { useState } from 'react';

import { useTranslation } from 'react-i18next';

import { useUrlFilters } from '../../app/use-url-filters';

import { saveDownload } from '../../api/client';

import { errorMessage } from '../../components/api-error';

import { useAction } from '../../components/use-action';

import { someRowOffers } from '../../components/row-actions';

import { SheetToolbar } from '../../components/sheet-toolbar';

import { lazyDialog } from '../../components/lazy-dialog';

import { currentLocale } from '../../i18n';

import { rateColumns } from './rate-columns';

import { RateFilterForm } from './rate-filters';

import { deleteRates, fetchRate, useRateList, type RateFilters } from './rates-api';
import { usePageTitle } from '../../app/page-title';

import { tableLoading } from '../../components/table-loading';

import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../components/use-toast';

const ImportModal = lazyDialog(async () => (await import('../../components/import-modal')).ImportModal);
const RateFormModal = lazyDialog(async () => (await import('./rate-form-modal')).RateFormModal);

const DEFAULT_SIZE = 10;

/** Rate Management: filters, table, create/edit modal, import, template, single and batch delete. */
export function RatesPage() {
  const { t } = useTranslation();
  usePageTitle(t('menu.rate'));
  const { modal } = App.useApp();
  const message = useToast();
  const { run } = useAction();
  const queryClient = useQueryClient();
  // Filters, page and size live in the address (shareable, kept on reload and language switch).
  const [query, setQuery] = useUrlFilters(rateQuery);
  const { page = 1, size = DEFAULT_SIZE, ...filters } = query;
  const [selected, setSelected] = useState<number[]>([]);
  const [editor, setEditor] = useState<{ rate?: Rate } | undefined>();
  const [importing, setImporting] = useState(false);
  const list = useRateList(filters, page, size);
  // Each row says what the reader may do with it: a viewer's rows offer nothing, so no buttons.
  const rows = list.data?.lists ?? [];
  const offersEdit = someRowOffers(rows, 'edit') || someRowOffers(rows, 'delete');
  const offersDelete = someRowOffers(rows, 'delete');

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.rates.all });

  const remove = (ids: number[], isBatch: boolean) =>
    modal.confirm({
      title: isBatch ? t('common.confirmBatchDelete', { count: ids.length }) : t('common.confirmDelete'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await run(
          async () => {
            await deleteRates(ids);
            message.success(
              ids.length > 1 ? t('rates.deletedMany', { count: ids.length }) : t('rates.deleted'),
            );
            setSelected((current) => current.filter((id) => !ids.includes(id)));
            await refresh();
          },
          { prefix: t(isBatch ? 'rates.batchDeleteFailed' : 'rates.deleteFailed') },
        );
      },
    });

  const edit = async (rate: Rate) => {
    await run(
      async () => {
        setEditor({ rate: await fetchRate(rate.id) });
      },
      { prefix: t('rates.detailFailed') },
    );
  };

  const downloadTemplate = () => run(() => saveDownload('/rate/template', 'rates-template.xlsx'));

  return (
    <section aria-labelledby="rates-title">
      <Typography.Title level={4} id="rates-title">
        {t('menu.rate')}
      </Typography.Title>
      <RateFilterForm
        filters={filters}
        onSearch={(next: RateFilters) =>
          setQuery({ ...next, size: size === DEFAULT_SIZE ? undefined : size })
        }
      />
      <SheetToolbar
        addLabel={t('rates.create')}
        onAdd={() => setEditor({})}
        onImport={() => setImporting(true)}
        onTemplate={downloadTemplate}
        selected={selected.length}
        onBatchDelete={() => remove(selected, true)}
      />
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${t('rates.listFailed')}: ${errorMessage(list.error, t('common.failed'))}`}
        />
      )}
      <Table<RateRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        {...tableLoading<RateRow>(list)}
        dataSource={rows}
        columns={rateColumns(
          t,
          currentLocale(),
          offersEdit ? { onEdit: edit, onDelete: (rate) => remove([rate.id], false) } : undefined,
        )}
        rowSelection={
          offersDelete
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (rate) => ({ disabled: !rate.actions.includes('delete') }),
              }
            : undefined
        }
        pagination={{
          current: page,
          pageSize: size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 30, 50],
          showTotal: (total) => t('common.total', { total }),
          onChange: (nextPage, nextSize) =>
            setQuery({ ...filters, page: nextSize === size ? nextPage : undefined, size: nextSize }),
        }}
      />
      {editor && (
        <RateFormModal
          open
          rate={editor.rate}
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
          title={t('rates.importTitle')}
          path="/rate/import"
          extensions={RATE_IMPORT_EXTENSIONS}
          onClose={() => setImporting(false)}
          onImported={(result) => {
            setImporting(false);
            message.success(t('common.importSuccess', { count: result.created }));
            if (result.skipped > 0) message.info(t('common.examplesSkipped', { count: result.skipped }));
            void refresh();
          }}
        />
      )}
    </section>
  );
}
