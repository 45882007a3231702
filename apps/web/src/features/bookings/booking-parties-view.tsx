import './strings';
import { aside, partyBlText, type BookingDetail, type BookingPartyInfo } from '@freight/contract';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { currentLocale } from '../../i18n';
import type { FieldName } from '../../i18n/keys';

type DocumentPartyView = NonNullable<BookingDetail['shipper_party']>;

/** A contact as the booking kept it (bookings made before the parties, and their pages). */
function ContactText({ party }: { party: BookingPartyInfo }) {
  return (
    <span>
      {party.company1}
      {aside(party.company2, currentLocale())}
      <br />
      {[party.linkman, party.phone, party.email].filter(Boolean).join(' · ')}
      <br />
      {[party.address1, party.city, party.province, party.country_name, party.zip_code]
        .filter(Boolean)
        .join(', ')}
    </span>
  );
}

/** A party as the B/L prints it (its own block, else the one its fields make), and whom to ask there. */
function DocumentPartyText({ party }: { party: DocumentPartyView }) {
  const contact = [party.contact_name, party.phone, party.email].filter(Boolean).join(' · ');
  return (
    <>
      <Typography.Paragraph style={{ whiteSpace: 'pre-line', fontFamily: 'monospace', marginBottom: 4 }}>
        {party.bl_text || partyBlText(party)}
      </Typography.Paragraph>
      {contact && <Typography.Text type="secondary">{contact}</Typography.Text>}
    </>
  );
}

/**
 * Shipper or consignee: the party kept on the booking (typed, or read from the contact chosen),
 * else the contact as an older booking kept it, else none yet: it follows with the SI.
 */
function PartyText({ party, contact }: { party: DocumentPartyView | null; contact: BookingPartyInfo }) {
  const { t } = useTranslation();
  if (party) return <DocumentPartyText party={party} />;
  if (contact.company1) return <ContactText party={contact} />;
  return <Typography.Text type="secondary">{t('bookings.detail.partyLater')}</Typography.Text>;
}

/**
 * The booking's parties on its detail page (member and forwarder alike): shipper, consignee, the
 * notify parties ("same as consignee", each party in order, and the free text of an older
 * booking), and the booking contact.
 */
export function BookingPartiesView({ detail }: { detail: BookingDetail }) {
  const { t } = useTranslation();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const contact = detail.booking_contact;
  const contactText = contact ? [contact.name, contact.phone, contact.email].filter(Boolean).join(' · ') : '';
  const hasNotify = detail.consignee_is_notify || detail.notify_parties.length > 0 || detail.notify_party;

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Panel title={f('shipper_id')}>
            <PartyText party={detail.shipper_party} contact={detail.shipper} />
          </Panel>
        </Col>
        <Col xs={24} md={12}>
          <Panel title={f('consignee_id')}>
            <PartyText party={detail.consignee_party} contact={detail.consignee} />
          </Panel>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Panel title={t('bookings.form.notifyParties')}>
            {!hasNotify && (
              <Typography.Text type="secondary">{t('bookings.detail.partyLater')}</Typography.Text>
            )}
            {detail.consignee_is_notify && (
              <Typography.Paragraph>{t('bookings.detail.sameAsConsignee')}</Typography.Paragraph>
            )}
            {detail.notify_parties.map((party, index) => (
              <div
                key={index}
                role="group"
                aria-label={t('bookings.detail.notifyParty', { index: index + 1 })}
              >
                <Typography.Text strong>
                  {t('bookings.detail.notifyParty', { index: index + 1 })}
                </Typography.Text>
                <DocumentPartyText party={party} />
              </div>
            ))}
            {detail.notify_party && (
              <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginTop: 8 }}>
                {detail.notify_party}
              </Typography.Paragraph>
            )}
          </Panel>
        </Col>
        <Col xs={24} md={12}>
          <Panel title={f('booking_contact')}>{contactText || '-'}</Panel>
        </Col>
      </Row>
    </>
  );
}
