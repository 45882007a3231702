import './strings';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/http';
import { errorMessage } from '../../components/api-error';

/** The RFQ id of the address, or undefined when it is not a plain number (no request is made then). */
export function useRfqId() {
  const param = useParams().id;
  return param && /^\d{1,10}$/.test(param) ? Number(param) : undefined;
}

interface RfqDetailGateProps<Detail> {
  id: number | undefined;
  detail: UseQueryResult<Detail>;
  /** The list the back button returns to. */
  listPath: string;
  backLabel: string;
  notFoundLabel: string;
  /** A record the reader got but that is not of this page (a received RFQ on the sender's page). */
  isForeign?: (detail: Detail) => boolean;
  children: (detail: Detail) => ReactNode;
}

/**
 * What both RFQ detail pages show before their record: "not found" for a bad or unknown id (or one of
 * the other side), the failure of the query with a retry, a spinner while it loads.
 */
export function RfqDetailGate<Detail>(props: RfqDetailGateProps<Detail>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { detail } = props;
  const back = <Button onClick={() => navigate(props.listPath)}>{props.backLabel}</Button>;
  const missing =
    props.id === undefined ||
    (detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400)) ||
    (detail.data !== undefined && props.isForeign?.(detail.data) === true);
  if (missing) return <Alert type="warning" showIcon title={props.notFoundLabel} action={back} />;
  if (detail.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={`${t('rfqs.detail.loadFailed')}: ${errorMessage(detail.error, t('common.failed'))}`}
        action={
          <Space>
            <Button onClick={() => void detail.refetch()}>{t('rfqs.detail.retry')}</Button>
            {back}
          </Space>
        }
      />
    );
  if (detail.data === undefined)
    return <Spin style={{ display: 'block', margin: '48px auto' }} aria-label={t('common.loading')} />;
  return <>{props.children(detail.data)}</>;
}
