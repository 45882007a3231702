import './strings';
import { canUploadDocuments, type BookingDetail, type BookingParty } from '@freight/contract';

import { useQueryClient } from '@tanstack/react-query';

import { Alert, App, Button, Col, Row, Space, Spin, Typography } from 'antd';

import { lazy, Suspense, useState } from 'react';

import { useTranslation } from 'react-i18next';

import { Panel } from '../../components/panel';

import { useNavigate, useParams } from 'react-router';

import { useAction } from '../../components/use-action';

import { lazyDialog } from '../../components/lazy-dialog';

import { BookingDetailView } from './booking-detail-view';

import { BookingDocuments } from './booking-documents';

import { BookingPdfButtons } from './booking-pdf-buttons';

import { modeSlug, StatusTag } from './booking-format';

import { BookingTimeline } from './booking-timeline';

import {
  cancelBooking,
  submitBooking,
  deleteBooking,
  forwarderAction,
  useBookingDetail,
} from './bookings-api';
import { DockingCard } from './docking-card';

import { useAbilities } from '../../app/auth';

import { usePageTitle } from '../../app/page-title';

import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../components/use-toast';

// Loaded only when a booking cannot be shown: the result illustration stays out of the page's chunk.
const BookingUnavailable = lazy(async () => ({
  default: (await import('./booking-unavailable')).BookingUnavailable,
}));
const ReasonModal = lazyDialog(async () => (await import('./reason-modal')).ReasonModal);
const ShipmentModal = lazyDialog(async () => (await import('./shipment-modal')).ShipmentModal);
const ReleaseModal = lazyDialog(async () => (await import('./forwarder-modals')).ReleaseModal);
const ShipModal = lazyDialog(async () => (await import('./forwarder-modals')).ShipModal);

type Dialog = 'cancel' | 'void' | 'si' | 'release' | 'ship' | undefined;

/** The buttons of the viewer's allowed actions (the detail reply's `actions`). */
function useActions(party: BookingParty, detail: BookingDetail, reload: () => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>();
  const can = (action: BookingDetail['actions'][number]) => detail.actions.includes(action);
  // Copying makes a new booking: only for whom the server says may (not a viewer).
  const abilities = useAbilities();
  const { run } = useAction();
  const failure = { title: t('bookings.actionFailed') };
  const confirmed = (title: string, call: () => Promise<unknown>, after: () => void) =>
    modal.confirm({
      title,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () =>
        run(async () => {
          await call();
          after();
        }, failure),
    });
  // Dialogs show their own success message; `done` is for the one-click (confirmed) actions.
  const finished = () => {
    setDialog(undefined);
    reload();
  };
  const done = () => {
    message.success(t('bookings.actionDone'));
    finished();
  };
  const orderNo = detail.order_no;
  const mode = modeSlug(detail.container_mode);

  const buttons =
    party === 'member' ? (
      <>
        {can('edit') && (
          <Button type="primary" onClick={() => navigate(`/bookings/edit-${mode}/${detail.id}`)}>
            {t('common.edit')}
          </Button>
        )}
        {can('submit') && (
          <Button
            type="primary"
            onClick={() =>
              confirmed(
                t('bookings.confirm.submit', { order_no: orderNo }),
                () => submitBooking(detail.id),
                () => {
                  message.success(t('bookings.submitted'));
                  finished();
                },
              )
            }
          >
            {t('bookings.actions.submit')}
          </Button>
        )}
        {can('submit_si') && (
          <Button type="primary" onClick={() => setDialog('si')}>
            {t('bookings.actions.submit_si')}
          </Button>
        )}
        {abilities.draft && (
          <Button onClick={() => navigate(`/bookings/copy-${mode}/${detail.id}`)}>
            {t('bookings.copy')}
          </Button>
        )}
        {can('cancel') && (
          <Button danger onClick={() => setDialog('cancel')}>
            {t('bookings.cancelBooking')}
          </Button>
        )}
        {can('delete') && (
          <Button
            danger
            onClick={() =>
              confirmed(
                t('bookings.deleteConfirm', { order_no: orderNo }),
                () => deleteBooking(detail.id),
                () => {
                  message.success(t('bookings.deleted'));
                  navigate('/bookings');
                },
              )
            }
          >
            {t('common.delete')}
          </Button>
        )}
      </>
    ) : (
      <>
        {can('accept') && (
          <Button
            type="primary"
            onClick={() =>
              confirmed(
                t('bookings.confirm.accept', { order_no: orderNo }),
                () => forwarderAction(detail.id, { action: 'accept' }),
                done,
              )
            }
          >
            {t('bookings.actions.accept')}
          </Button>
        )}
        {can('release') && (
          <Button type="primary" onClick={() => setDialog('release')}>
            {t('bookings.actions.release')}
          </Button>
        )}
        {can('confirm_si') && (
          <Button
            type="primary"
            onClick={() =>
              confirmed(
                t('bookings.confirm.confirm_si', { order_no: orderNo }),
                () => forwarderAction(detail.id, { action: 'confirm_si', body: {} }),
                done,
              )
            }
          >
            {t('bookings.actions.confirm_si')}
          </Button>
        )}
        {can('ship') && (
          <Button type="primary" onClick={() => setDialog('ship')}>
            {t('bookings.actions.ship')}
          </Button>
        )}
        {can('void') && (
          <Button danger onClick={() => setDialog('void')}>
            {t('bookings.actions.void')}
          </Button>
        )}
      </>
    );

  const close = () => setDialog(undefined);
  const props = { id: detail.id, orderNo, onClose: close, onDone: finished };
  const dialogs = (
    <>
      {dialog === 'si' && <ShipmentModal id={detail.id} onClose={close} onDone={finished} />}
      {dialog === 'release' && (
        <ReleaseModal {...props} port={detail.pol_name} timeZone={detail.schedule.time_zone} />
      )}
      {dialog === 'ship' && <ShipModal {...props} />}
      {(dialog === 'cancel' || dialog === 'void') && (
        <ReasonModal
          title={t(dialog === 'cancel' ? 'bookings.cancelTitle' : 'bookings.voidTitle')}
          question={t(dialog === 'cancel' ? 'bookings.cancelConfirm' : 'bookings.voidConfirm', {
            order_no: orderNo,
          })}
          okText={t(dialog === 'cancel' ? 'bookings.cancelBooking' : 'bookings.actions.void')}
          onClose={close}
          onSubmit={(reason) =>
            run(
              async () => {
                if (dialog === 'cancel') await cancelBooking(detail.id, { reason });
                else await forwarderAction(detail.id, { action: 'void', body: { reason } });
                message.success(t(dialog === 'cancel' ? 'bookings.cancelled' : 'bookings.actionDone'));
                reload();
              },
              { ...failure, rethrow: true },
            )
          }
        />
      )}
    </>
  );
  return { buttons, dialogs };
}

function DetailBody({
  party,
  detail,
  reload,
}: {
  party: BookingParty;
  detail: BookingDetail;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { buttons, dialogs } = useActions(party, detail, reload);
  const isForwarder = party === 'forwarder';
  const title = t('bookings.detail.title', { order_no: detail.order_no });
  usePageTitle(title);
  return (
    <section aria-labelledby="booking-detail-title">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Space align="center">
          <Typography.Title level={4} id="booking-detail-title" style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <StatusTag status={detail.status} name={detail.status_name} />
        </Space>
        <Space wrap>
          {buttons}
          <BookingPdfButtons detail={detail} />
          <Button onClick={() => navigate(isForwarder ? '/received-bookings' : '/bookings')}>
            {t('bookings.backToList')}
          </Button>
        </Space>
      </Space>
      {detail.actions.includes('submit_si') && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('bookings.si.needed')} />
      )}
      <Row gutter={16}>
        <Col xs={24} xl={17}>
          <BookingDetailView detail={detail} isForwarder={isForwarder} />
          {!isForwarder && <DockingCard id={detail.id} />}
          <Panel>
            <BookingDocuments
              orderId={detail.id}
              party={party}
              documents={detail.documents}
              canUpload={canUploadDocuments(detail.status)}
              onChanged={reload}
            />
          </Panel>
        </Col>
        <Col xs={24} xl={7}>
          <Panel>
            <BookingTimeline history={detail.history} />
          </Panel>
        </Col>
      </Row>
      {dialogs}
    </section>
  );
}

function BookingDetailPage({ party }: { party: BookingParty }) {
  const { t } = useTranslation();
  const param = useParams().id;
  const id = param && /^\d{1,10}$/.test(param) ? Number(param) : undefined;
  const queryClient = useQueryClient();
  const detail = useBookingDetail(party, id);
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });
  const spinner = <Spin style={{ display: 'block', margin: '48px auto' }} aria-label={t('common.loading')} />;
  if (id === undefined || detail.isError)
    return (
      <Suspense fallback={spinner}>
        <BookingUnavailable
          party={party}
          id={param}
          error={detail.error ?? undefined}
          onRetry={() => void detail.refetch()}
        />
      </Suspense>
    );
  if (!detail.data) return spinner;
  return <DetailBody party={party} detail={detail.data} reload={reload} />;
}

/** Booking detail of the member (/bookings/{id}). */
export function MemberBookingDetailPage() {
  return <BookingDetailPage party="member" />;
}

/** A received booking's detail for the forwarder (/received-bookings/{id}). */
export function ForwarderBookingDetailPage() {
  return <BookingDetailPage party="forwarder" />;
}
