import './strings';
import type { Shipper } from '@freight/contract';
import { Descriptions, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ShipperLogo } from './shipper-card';
import { useShipperDetail } from './shippers-api';
import { ShipperTags } from './shipper-tags';

type Props = { shipper: Shipper; onClose: () => void };

/** The forwarder's detail dialog (spec §2 Shippers directory), 800 wide. */
export function ShipperDetailModal({ shipper, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const detail = useShipperDetail(shipper);
  const s = detail.data ?? shipper;
  const field = (name: string) => t(`shippers.fields.${name}`);
  const text = (value: string) => value || '-';
  const tags = (label: string, names: string[], color: string) =>
    names.length > 0 ? <ShipperTags label={label} names={names} color={color} /> : '-';

  return (
    <Modal
      open
      title={t('shippers.detailTitle')}
      width={800}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Flex gap={16} align="center" style={{ marginBottom: 16 }}>
        <ShipperLogo shipper={s} size={72} />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {(i18n.language === 'zh-CN' && s.company2) || s.company1}
        </Typography.Title>
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={1}
        styles={{ label: { width: 160 } }}
        items={[
          { key: 'company2', label: field('company2'), children: text(s.company2) },
          { key: 'company1', label: field('company1'), children: text(s.company1) },
          { key: 'routes', label: field('routes'), children: tags(field('routes'), s.routes_name, 'green') },
          {
            key: 'businesses',
            label: field('businesses'),
            children: tags(field('businesses'), s.businesses_name, 'blue'),
          },
          { key: 'ports', label: field('ports'), children: tags(field('ports'), s.ports_name, 'orange') },
          { key: 'linkman', label: field('contact'), children: text(s.linkman) },
          {
            key: 'phone',
            label: field('phone'),
            children: s.phone ? <a href={`tel:${s.phone.replace(/[^+\d]/g, '')}`}>{s.phone}</a> : '-',
          },
          {
            key: 'username',
            label: field('loginEmail'),
            children: s.username ? <a href={`mailto:${s.username}`}>{s.username}</a> : '-',
          },
          { key: 'address2', label: field('address2'), children: text(s.address2) },
          { key: 'address1', label: field('address1'), children: text(s.address1) },
          {
            key: 'profile',
            label: field('profile'),
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{text(s.profile)}</span>,
          },
        ]}
      />
    </Modal>
  );
}
