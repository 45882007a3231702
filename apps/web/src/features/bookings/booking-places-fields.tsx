import './strings';
import {
  bookingInput,
  ISO_COUNTRY_CODES,
  type BookingPlace,
  type LocationItem,
  PLACE_NAME_MAX,
  placeCodeField,
  placeCountryField,
  placeProblems,
} from '@freight/contract';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Col, Collapse, Form, Input, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { documentText, zodRules } from '../../components/form-rules';
import { ReferenceSelect } from '../../components/reference-select';
import { currentLocale } from '../../i18n';
import type { FieldName } from '../../i18n/keys';
import type { BookingFormValues } from './booking-form-values';
import { hasPlaces, pickedPlace, PLACE_FIELDS, toBookingPlaces } from './booking-places-values';
import { problemRule, revealing } from './booking-terms-rules';
import { FoldErrorsWatcher, useFold } from './folded-section';
import { locationsQuery } from './locations-api';

const rules = zodRules(bookingInput);
type PlaceField = (typeof PLACE_FIELDS)[number];
const placesProblemsOf = (values: BookingFormValues) => placeProblems(toBookingPlaces(values));

/** A search starts from the second character typed: one letter matches most of the list. */
const SEARCH_FROM = 2;

/** The country choices: the ISO code with the country's name in the interface language. */
function useCountryOptions() {
  const locale = currentLocale();
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return ISO_COUNTRY_CODES.map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }));
  }, [locale]);
}

type NameProps = {
  place: BookingPlace;
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * A place's name: typed freely, or picked from the ports and inland points found as it is typed,
 * which fills the country and the code too.
 */
function PlaceNameInput({ place, id, value, onChange }: NameProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<BookingFormValues>();
  const keyword = (value ?? '').trim();
  const found = useQuery({
    ...locationsQuery(keyword, currentLocale()),
    enabled: keyword.length >= SEARCH_FROM,
  });
  const items = found.data?.lists ?? [];
  const options = items.map((item) => ({
    value: item.code,
    label: `${item.name} · ${t('bookings.form.placeKind', {
      kind: t(`shared.dictionary.locationKind.${item.kind}`),
      code: item.code,
      country: item.country_name,
    })}`,
  }));
  const pick = (code: string) => {
    const item = items.find((candidate: LocationItem) => candidate.code === code);
    if (!item) return;
    const picked = pickedPlace(item);
    // The box shows the name, not the code the option is keyed by.
    onChange?.(picked.name);
    form.setFieldValue(placeCountryField(place), picked.country);
    form.setFieldValue(placeCodeField(place), picked.code);
    void form.validateFields([place, placeCountryField(place), placeCodeField(place)]);
  };
  return (
    <AutoComplete
      id={id}
      value={value}
      options={options}
      onChange={(text: string) => onChange?.(documentText(text) as string)}
      onSelect={pick}
      popupMatchSelectWidth={false}
    >
      <Input maxLength={PLACE_NAME_MAX} placeholder={t('bookings.form.placeSearch')} />
    </AutoComplete>
  );
}

/**
 * The booking's places beyond its ports, all optional and folded away unless the booking states
 * some (a plain booking is filled in as before): the place of receipt and the place of delivery
 * beyond the destination port, each a name with its country and UN/LOCODE, and the transshipment
 * port asked for. The contract's rules run here as on the server; a field refused while folded
 * unfolds the part (./folded-section.tsx).
 */
export function BookingPlacesFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<BookingFormValues>();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const countries = useCountryOptions();
  const { open, show, reveal, openOnErrors } = useFold(() =>
    hasPlaces(form.getFieldsValue(true) as BookingFormValues),
  );
  const fieldRules = (name: PlaceField): Rule[] =>
    [...rules[name], problemRule(name, placesProblemsOf)].map((rule) => revealing(rule, reveal));

  const placeRow = (place: BookingPlace) => {
    const country = placeCountryField(place);
    const code = placeCodeField(place);
    return (
      <Row gutter={16} key={place}>
        <Col xs={24} sm={12} lg={10}>
          <Form.Item name={place} label={f(place)} rules={fieldRules(place)} dependencies={[country, code]}>
            <PlaceNameInput place={place} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={7}>
          <Form.Item
            name={country}
            label={f(country)}
            rules={fieldRules(country)}
            dependencies={[place, code]}
          >
            <Select<string>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('bookings.form.countryPlaceholder')}
              options={countries}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={7}>
          <Form.Item
            name={code}
            label={f(code)}
            rules={fieldRules(code)}
            dependencies={[place, country]}
            normalize={documentText}
            extra={t('bookings.form.placeCodeHint')}
          >
            <Input maxLength={6} placeholder={t('bookings.form.locodePlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
    );
  };

  const children = (
    <>
      <Typography.Paragraph type="secondary">{t('bookings.form.placesHint')}</Typography.Paragraph>
      {placeRow('place_of_receipt')}
      {placeRow('place_of_delivery')}
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={10}>
          <Form.Item
            name="transshipment_port_id"
            label={f('transshipment_port_id')}
            rules={fieldRules('transshipment_port_id')}
            dependencies={['pol_id', 'pod_id']}
          >
            <ReferenceSelect kind="port" allowClear />
          </Form.Item>
        </Col>
      </Row>
    </>
  );

  return (
    <>
      <FoldErrorsWatcher names={PLACE_FIELDS} onErrors={openOnErrors} />
      <Collapse
        style={{ marginBottom: 16 }}
        activeKey={open ? ['places'] : []}
        onChange={(keys) => show(keys.includes('places'))}
        items={[{ key: 'places', label: t('bookings.form.places'), children }]}
      />
    </>
  );
}
