import './strings';
import type { Shipper } from '@freight/contract';
import { MailOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { shipperNames } from './shipper-names';
import { ShipperTags } from './shipper-tags';

type Props = { shipper: Shipper; onOpen: (shipper: Shipper) => void };

/** The company logo thumbnail, or a placeholder avatar with the first letter of the name. */
export function ShipperLogo({ shipper, size = 64 }: { shipper: Shipper; size?: number }) {
  const name = shipper.company1 || shipper.company2;
  if (shipper.logo_thumb) return <Avatar shape="square" size={size} src={shipper.logo_thumb} alt={name} />;
  return (
    <Avatar shape="square" size={size} aria-hidden style={{ flex: 'none' }}>
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

/** One forwarder in the directory: logo, names, tags, contact, phone and e-mail links, Detail. */
export function ShipperCard({ shipper, onOpen }: Props) {
  const { t } = useTranslation();
  const titleId = `shipper-${shipper.id}-title`;
  const names = shipperNames(shipper, currentLocale());
  return (
    <Card hoverable onClick={() => onOpen(shipper)} style={{ height: '100%' }}>
      <article aria-labelledby={titleId}>
        <Flex gap={16} align="flex-start">
          <ShipperLogo shipper={shipper} />
          <Flex vertical gap={6} style={{ minWidth: 0, flex: 1 }}>
            <Typography.Title level={5} id={titleId} style={{ margin: 0 }}>
              {names.main}
            </Typography.Title>
            {names.other && <Typography.Text type="secondary">{names.other}</Typography.Text>}
            {/* Whom to call comes right after who the company is, before what it does. */}
            {shipper.linkman && (
              <span>
                <UserOutlined aria-hidden /> {t('shippers.fields.contact')}: {shipper.linkman}
              </span>
            )}
            <Flex gap={16} wrap>
              {shipper.phone && (
                <a
                  href={`tel:${shipper.phone.replace(/[^+\d]/g, '')}`}
                  onClick={(event) => event.stopPropagation()}
                >
                  <PhoneOutlined aria-hidden /> {shipper.phone}
                </a>
              )}
              {shipper.username && (
                <a href={`mailto:${shipper.username}`} onClick={(event) => event.stopPropagation()}>
                  <MailOutlined aria-hidden /> {shipper.username}
                </a>
              )}
            </Flex>
            <ShipperTags
              label={t('shippers.fields.businesses')}
              names={shipper.businesses_name}
              color="blue"
            />
            <ShipperTags label={t('shippers.fields.routes')} names={shipper.routes_name} color="green" />
            <ShipperTags label={t('shippers.fields.ports')} names={shipper.ports_name} color="orange" />
          </Flex>
          <Button
            onClick={(event) => {
              event.stopPropagation();
              onOpen(shipper);
            }}
            aria-label={t('shippers.detailOf', { name: names.main })}
          >
            {t('common.detail')}
          </Button>
        </Flex>
      </article>
    </Card>
  );
}
