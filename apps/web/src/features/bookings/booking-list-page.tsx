import './strings';
import {
  BOOKING_PAGE_SIZE,
  BOOKING_PAGE_SIZES,
  bookingQuery,
  type BookingParty,
  type BookingRow,
  canBooking,
} from '@freight/contract';

import { DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';

import { useQueryClient } from '@tanstack/react-query';

import { Alert, Button, Space, Table, Typography } from 'antd';

import { useState } from 'react';

import { useTranslation } from 'react-i18next';

import { useLocation, useNavigate } from 'react-router';

import type { RefusedState } from '../../app/guards';

import { useUrlFilters } from '../../app/use-url-filters';

import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media';

import { errorMessage } from '../../components/api-error';

import { useAction } from '../../components/use-action';

import { lazyDialog } from '../../components/lazy-dialog';

import { currentLocale } from '../../i18n';

import { bookingColumns } from './booking-columns';

import { BookingFilterForm } from './booking-filters';

import { modeSlug } from './booking-format';

import { cancelBooking, exportBookings, useBookingList } from './bookings-api';
import { usePageTitle } from '../../app/page-title';

import { tableLoading } from '../../components/table-loading';

import { useCanWrite } from '../../app/auth';

import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../components/use-toast';

const ReasonModal = lazyDialog(async () => (await import('./reason-modal')).ReasonModal);

const SEARCH_SIZE = BOOKING_PAGE_SIZES[0];

/**
 * A list of bookings: filters, buttons, table with coloured statuses. The
 * member sees their own bookings, the forwarder those addressed to them.
 */
export function BookingListPage({ party }: { party: BookingParty }) {
  const { t } = useTranslation();
  const message = useToast();
  const navigate = useNavigate();
  const refused = (useLocation().state as RefusedState | null)?.refused;
  const queryClient = useQueryClient();
  // Filters, page and size live in the address (shareable, kept on reload and language switch).
  const [query, setQuery] = useUrlFilters(bookingQuery);
  const { page = 1, size = BOOKING_PAGE_SIZE, ...filters } = query;
  const [cancelling, setCancelling] = useState<BookingRow | undefined>();
  const exporting = useAction();
  const cancel = useAction();
  const list = useBookingList(party, filters, page, size);
  const isMember = party === 'member';
  const canWrite = useCanWrite();
  const isCompact = useMediaQuery(MOBILE_QUERY);
  const title = t(isMember ? 'menu.bookings' : 'menu.receivedBookings');
  usePageTitle(title);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.party(party) });

  const open = (row: BookingRow) => {
    if (!isMember) navigate(`/received-bookings/${row.id}`);
    else if (canBooking('edit', row.status))
      navigate(`/bookings/edit-${modeSlug(row.container_mode)}/${row.id}`);
    else navigate(`/bookings/${row.id}`);
  };

  const onExport = () =>
    exporting.run(() => exportBookings(party, filters), { title: t('bookings.exportFailed') });

  return (
    <section aria-labelledby="bookings-title">
      <Typography.Title level={4} id="bookings-title">
        {title}
      </Typography.Title>
      {refused && (
        <Alert type="warning" showIcon role="alert" style={{ marginBottom: 16 }} title={t(refused)} />
      )}
      <BookingFilterForm
        filters={filters}
        onSearch={(next, kind) => setQuery({ ...next, size: kind === 'search' ? SEARCH_SIZE : undefined })}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        {isMember && canWrite && (
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/bookings/create-fcl')}>
              {t('bookings.addFcl')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/bookings/create-lcl')}>
              {t('bookings.addLcl')}
            </Button>
          </>
        )}
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
          {t('common.refresh')}
        </Button>
        <Button icon={<DownloadOutlined />} loading={exporting.busy} onClick={onExport}>
          {t('bookings.export')}
        </Button>
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${t('bookings.listFailed')}: ${errorMessage(list.error, t('common.failed'))}`}
        />
      )}
      <Table<BookingRow>
        rowKey="id"
        size={isCompact ? 'small' : 'middle'}
        scroll={isCompact ? undefined : { x: 'max-content' }}
        {...tableLoading<BookingRow>(list)}
        dataSource={list.data?.lists ?? []}
        columns={bookingColumns(t, {
          locale: currentLocale(),
          party,
          isCompact,
          hasSpecialCargo: (list.data?.lists ?? []).some((row) => row.special_cargo !== ''),
          onOpen: open,
          // A viewer reads: no copy or cancel, and drafts open as details.
          readOnly: !canWrite,
          onCopy:
            isMember && canWrite
              ? (row) => navigate(`/bookings/copy-${modeSlug(row.container_mode)}/${row.id}`)
              : undefined,
          onCancel: isMember && canWrite ? setCancelling : undefined,
        })}
        pagination={{
          current: page,
          pageSize: size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [...BOOKING_PAGE_SIZES],
          showTotal: (total) => t('common.total', { total }),
          onChange: (nextPage, nextSize) =>
            setQuery({ ...query, page: nextSize === size ? nextPage : undefined, size: nextSize }),
        }}
      />
      {cancelling && (
        <ReasonModal
          title={t('bookings.cancelTitle')}
          question={t('bookings.cancelConfirm', { order_no: cancelling.order_no })}
          okText={t('bookings.cancelBooking')}
          onClose={() => setCancelling(undefined)}
          onSubmit={(reason) =>
            cancel.run(
              async () => {
                await cancelBooking(cancelling.id, { reason });
                message.success(t('bookings.cancelled'));
                void refresh();
              },
              { title: t('bookings.cancelFailed'), rethrow: true },
            )
          }
        />
      )}
    </section>
  );
}
