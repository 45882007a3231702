import './strings';
import { type Shipper, shipperQuery } from '@freight/contract';
import { Col, Empty, Pagination, Row, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShipperCard } from './shipper-card';
import { ShipperDetailModal } from './shipper-detail-modal';
import { ShipperFilterBar } from './shipper-filters';
import { SHIPPER_PAGE_SIZE, useShipperList, type ShipperFilters } from './shippers-api';
import { usePageTitle } from '../../app/page-title';
import { useUrlFilters } from '../../app/use-url-filters';

/**
 * Shipper Alliance: company search, three filters that re-query at
 * once, paged cards, detail dialog. Any search or filter goes back to page 1. Load failures are
 * silent: the list is simply empty.
 */
export function ShippersPage() {
  const { t } = useTranslation();
  usePageTitle(t('menu.shippers'));
  // Filters and page live in the address (shareable, kept on reload and language switch).
  const [query, setQuery] = useUrlFilters(shipperQuery);
  const { page = 1, size: _size, ...filters } = query;
  const [open, setOpen] = useState<Shipper | undefined>();
  const list = useShipperList(filters, page);
  const shippers = list.isError ? [] : (list.data?.lists ?? []);
  const total = list.isError ? 0 : (list.data?.total ?? 0);

  return (
    <section aria-labelledby="shippers-title">
      <Typography.Title level={4} id="shippers-title">
        {t('menu.shippers')}
      </Typography.Title>
      <ShipperFilterBar filters={filters} onChange={(next: ShipperFilters) => setQuery(next)} />
      <Spin spinning={list.isFetching}>
        {shippers.length === 0 && !list.isPending ? (
          <Empty description={t('shippers.empty')} style={{ padding: '48px 0' }} />
        ) : (
          <Row gutter={[16, 16]} role="list" aria-label={t('shippers.results')}>
            {shippers.map((shipper) => (
              <Col key={shipper.id} xs={24} lg={12} role="listitem">
                <ShipperCard shipper={shipper} onOpen={setOpen} />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      {total > 0 && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={page}
          pageSize={SHIPPER_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          showTotal={(count) => t('common.total', { total: count })}
          onChange={(next) => setQuery({ ...filters, page: next })}
        />
      )}
      {open && <ShipperDetailModal shipper={open} onClose={() => setOpen(undefined)} />}
    </section>
  );
}
