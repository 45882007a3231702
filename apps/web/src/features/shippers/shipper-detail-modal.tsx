import './strings';
import type { Shipper } from '@freight/contract';
import { Descriptions, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ShipperLogo } from './shipper-card';
import { currentLocale } from '../../i18n';
import { profileParagraphs, shipperNames } from './shipper-names';
import { useShipperDetail } from './shippers-api';
import { ShipperTags } from './shipper-tags';
import type shipperStrings from '../../i18n/zh-CN/shippers.json';

type ShipperStrings = typeof shipperStrings;

type Props = { shipper: Shipper; onClose: () => void };

/** The forwarder's detail dialog, 800 wide. */
export function ShipperDetailModal({ shipper, onClose }: Props) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const zh = locale === 'zh-CN';
  const detail = useShipperDetail(shipper);
  const s = detail.data ?? shipper;
  const field = (name: keyof ShipperStrings['fields']) => t(`shippers.fields.${name}`);
  const text = (value: string) => value || '-';
  const tags = (label: string, names: string[], color: string) =>
    names.length > 0 ? <ShipperTags label={label} names={names} color={color} /> : '-';
  const row = (key: 'company1' | 'company2' | 'address1' | 'address2') => ({
    key,
    label: field(key),
    children: text(s[key]),
  });
  const [company1, company2, address1, address2] = [
    row('company1'),
    row('company2'),
    row('address1'),
    row('address2'),
  ];

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
          {shipperNames(s, locale).main}
        </Typography.Title>
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={1}
        styles={{ label: { width: 160 } }}
        items={[
          // The names and addresses in the reader's language come first.
          ...(zh ? [company2, company1] : [company1, company2]),
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
          ...(zh ? [address2, address1] : [address1, address2]),
          {
            key: 'profile',
            label: field('profile'),
            children: s.profile
              ? profileParagraphs(s.profile, locale).map((paragraph, index) => (
                  <Typography.Paragraph key={index} style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>
                    {paragraph}
                  </Typography.Paragraph>
                ))
              : '-',
          },
        ]}
      />
    </Modal>
  );
}
