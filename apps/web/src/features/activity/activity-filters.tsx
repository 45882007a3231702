import './strings';
import '../../i18n/dayjs-locale';
import {
  ACTIVITY_KINDS,
  type ActivityKind,
  type ActivityPerson,
  DATE_FORMAT,
  WIRE_DATE,
  zoneLabel,
} from '@freight/contract';
import { DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { displayTimeZone } from '../../app/time-zone';
import { clearFields, useForm } from '../../components/use-form';
import { currentLocale } from '../../i18n';
import type { ActivityFilters } from './activity-api';
import { SearchButtons } from '../../components/search-buttons';

type FilterValues = {
  person_id?: number;
  kind?: ActivityKind;
  dates?: [Dayjs | null, Dayjs | null] | null;
};

const wire = (value: Dayjs | null | undefined) => (value ? value.format(WIRE_DATE) : undefined);

/** The trail's filters: person (everyone who appears in it), kind and a range of days in the portal's zone. */
export function ActivityFilterForm({
  filters,
  people,
  onSearch,
}: {
  /** The filters in force (from the page's address): the form starts from them. */
  filters: ActivityFilters;
  people: ActivityPerson[];
  onSearch: (filters: ActivityFilters) => void;
}) {
  const { t } = useTranslation();
  const [form] = useForm<FilterValues>();
  const select = { allowClear: true, placeholder: t('activity.all'), style: { width: 200 } };

  const onFinish = (values: FilterValues) => {
    const [from, to] = values.dates ?? [];
    onSearch({ person_id: values.person_id, kind: values.kind, from: wire(from), to: wire(to) });
  };

  return (
    <Form<FilterValues>
      name="activityFilter"
      form={form}
      initialValues={{
        person_id: filters.person_id,
        kind: filters.kind,
        dates:
          filters.from || filters.to
            ? [filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]
            : null,
      }}
      layout="inline"
      role="search"
      onFinish={onFinish}
      style={{ rowGap: 12, marginBottom: 16 }}
      aria-label={t('activity.filters')}
    >
      <Form.Item name="person_id" label={t('activity.person')}>
        <Select
          {...select}
          showSearch={{ optionFilterProp: 'label' }}
          options={people.map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Form.Item name="kind" label={t('activity.kind')}>
        <Select
          {...select}
          showSearch={{ optionFilterProp: 'label' }}
          options={ACTIVITY_KINDS.map((kind) => ({
            value: kind,
            label: t(`shared.activity.kindName.${kind}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="dates"
        label={t('activity.dates')}
        extra={t('activity.zone', { zone: zoneLabel(displayTimeZone()) })}
      >
        <DatePicker.RangePicker
          format={DATE_FORMAT[currentLocale()]}
          allowEmpty={[true, true]}
          placeholder={[t('activity.from'), t('activity.to')]}
          // Shrinks with a phone's screen rather than widening the page.
          style={{ width: 'min(280px, calc(100vw - 48px))' }}
        />
      </Form.Item>
      <SearchButtons
        onReset={() => {
          clearFields(form);
          onSearch({});
        }}
      />
    </Form>
  );
}
