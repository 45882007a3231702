import './strings';
import '../../i18n/dayjs-locale';
import {
  BOOKING_LIMITS,
  bookingDraftInput,
  bookingInput,
  bookingLineProblems,
  DATE_FORMAT,
  formatPrice,
  isForwarderHidden,
  isReadyDateAllowed,
  localizeIssue,
  PARSE_OPTIONS,
  WIRE_DATE,
  rfqRateText,
  type BookingDetail,
  type BookingForm,
  type DictionaryItem,
  type ListData,
  type Quote,
} from '@freight/contract';

import { useQuery, useQueryClient } from '@tanstack/react-query';

import { Alert, App, Button, Col, DatePicker, Form, Input, Row, Select, Space, Typography } from 'antd';

import type { FormInstance } from 'antd/es/form';

import type { Dayjs } from 'dayjs';

import { useRef } from 'react';

import { useTranslation } from 'react-i18next';

import { useNavigate } from 'react-router';

import { api } from '../../api/client';

import { useAuth } from '../../app/auth';

import { useAction } from '../../components/use-action';

import { zodRules } from '../../components/form-rules';

import { currentLocale, sharedCatalog } from '../../i18n';

import { ReferenceSelect } from '../../components/reference-select';

import { BookingNoteFields } from './booking-note-fields';

import { BookingCommercialFields, dropEmptyCustomsReferences } from './booking-commercial-fields';

import { BookingPartiesFields, dropEmptyNotifyParties } from './booking-parties-fields';

import { commercialFieldPath } from './booking-commercial-values';

import { partiesProblemsOf } from './booking-parties-values';

import { BookingServicesFields } from './booking-services-fields';

import { BookingTermsFields } from './booking-terms-fields';

import { BookingPlacesFields } from './booking-places-fields';

import { dropEmptyGoods, shownAt, useTypeCodeOf } from './booking-line-terms-rules';

import { dropEmptyStops, problemMessage } from './booking-terms-rules';

import { BookingTotalsLine } from './booking-totals';

import { toBookingInput, type BookingFormValues, type BookingMode } from './booking-form-values';

import { copyBooking, createBooking, updateBooking } from './bookings-api';
import { Panel } from '../../components/panel';

import { CargoLinesEditor } from './cargo-lines-editor';

import { ContainerLinesEditor } from './container-lines-editor';

import { ForwarderField } from './forwarder-field';

import { useForm, validateAndShow } from '../../components/use-form';

import { usePageTitle } from '../../app/page-title';

import type { FieldName } from '../../i18n/keys';

import type { StringKey } from '../../i18n/keys';

import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../components/use-toast';

export type EditorKind = 'create' | 'edit' | 'copy';

type Props = {
  kind: EditorKind;
  mode: BookingMode;
  /** The saved booking (edit, copy). */
  booking?: BookingForm;
  /** The quote of the Book button (create). */
  quote?: Quote;
  quoteFailed?: boolean;
  initialValues: BookingFormValues;
};

const rules = zodRules(bookingInput);
const upper = (value: string | undefined) => (value ?? '').toUpperCase();

/** The FCL or LCL booking form: save and submit with confirmations. */
export function BookingEditor({ kind, mode, booking, quote, quoteFailed, initialValues }: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = useForm<BookingFormValues>();
  const { run, busy } = useAction();
  const copiedId = useRef<number | undefined>(undefined);
  const isFcl = mode === 'fcl';
  const typeCodeOf = useTypeCodeOf(isFcl);
  const format = DATE_FORMAT[currentLocale()];
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const incoterms = useQuery({
    queryKey: queryKeys.dictionary('incoterm', currentLocale()),
    queryFn: () => api.get<ListData<DictionaryItem>>('/system/dictionary', { field: 'incoterm' }),
    staleTime: 10 * 60_000,
  });
  const { authorities } = useAuth();
  const quoteLocked = initialValues.quote_id !== null && initialValues.quote_id !== undefined;
  const forwarderName = quote?.forwarder_name ?? booking?.forwarder_name;
  const forwarderHidden = booking
    ? booking.forwarder_hidden
    : isForwarderHidden({
        party: 'member',
        authorities,
        from_quote: quoteLocked,
        accepted: false,
      });
  // A booking from a quote is held to the container types the quote prices (the server checks it too).
  const quoteSpaces = quoteLocked ? (quote?.spaces ?? booking?.quote_spaces) : undefined;

  const title = t(`bookings.form.${kind}Title`, {
    mode: t(`shared.dictionary.containerMode.${mode}`),
    order_no: booking?.order_no ?? '',
  });
  usePageTitle(title);

  const persist = async (values: BookingFormValues, intent: 'save' | 'submit') => {
    const input = toBookingInput(values, mode);
    const failed: Record<typeof kind, StringKey> = {
      create: 'bookings.createFailed',
      copy: 'bookings.copyFailed',
      edit: 'common.saveFailed',
    };
    await run(
      async () => {
        const submit = intent === 'submit';
        let detail: BookingDetail;
        if (kind === 'edit' && booking) detail = await updateBooking(booking.id, input, submit);
        else if (kind === 'copy' && booking) {
          // The copy keeps its origin in the timeline; the member's changes are then saved onto it.
          copiedId.current ??= (await copyBooking(booking.id)).id;
          detail = await updateBooking(copiedId.current, input, submit);
        } else detail = await createBooking(input, submit);
        message.success(t(submit ? 'bookings.submitted' : 'bookings.draftSaved'));
        void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });
        if (intent === 'submit') navigate(`/bookings/${detail.id}`);
        else if (kind !== 'edit') navigate(`/bookings/edit-${mode}/${detail.id}`, { replace: true });
      },
      { title: t(failed[kind]), form, fieldPath: shownAt },
    );
  };

  /**
   * A draft keeps what was typed: nothing is required yet, only what is given is checked for its
   * format, by the contract's draft schema (the server's own check); the full rules come on submit.
   */
  const saveDraft = async () => {
    const values = form.getFieldsValue(true) as BookingFormValues;
    // Field paths come from the schema (rows and all): set on the form by path, as applyFieldErrors does.
    const fields = form as FormInstance;
    // Clears what a submit attempt marked as missing: a draft may leave it empty.
    fields.setFields(
      form
        .getFieldsError()
        .filter((field) => field.errors.length > 0)
        .map((field) => ({ name: field.name, errors: [] })),
    );
    const checked = bookingDraftInput.safeParse(toBookingInput(values, mode), PARSE_OPTIONS);
    if (!checked.success) {
      fields.setFields(
        checked.error.issues.map((issue) => ({
          name: shownAt(commercialFieldPath(issue.path.filter((part) => typeof part !== 'symbol')).join('.')),
          errors: [localizeIssue(issue, sharedCatalog()).message],
        })),
      );
      message.error(t('bookings.form.checkFields'));
      return;
    }
    // The rules that need each line's type or the parties as chosen, as the server asks them of a
    // draft: contradictions only.
    const problems = [
      ...bookingLineProblems(checked.data, typeCodeOf, { submit: false }),
      ...partiesProblemsOf(values, false),
    ];
    if (problems.length > 0) {
      fields.setFields(
        problems.map((problem) => ({ name: shownAt(problem.field), errors: [problemMessage(problem)] })),
      );
      message.error(t('bookings.form.checkFields'));
      return;
    }
    await persist(values, 'save');
  };

  const confirm = async (intent: 'save' | 'submit') => {
    dropEmptyStops(form);
    dropEmptyGoods(form);
    dropEmptyNotifyParties(form);
    dropEmptyCustomsReferences(form);
    if (intent === 'save') {
      await saveDraft();
      return;
    }
    if (!(await validateAndShow(form))) {
      message.error(t('bookings.form.checkFields'));
      return;
    }
    const values = form.getFieldsValue(true) as BookingFormValues;
    modal.confirm({
      title: t('bookings.form.submitConfirm'),
      okText: t('bookings.form.submitBooking'),
      cancelText: t('common.cancel'),
      onOk: () => persist(values, intent),
    });
  };

  return (
    <section aria-labelledby="booking-form-title">
      <Typography.Title level={4} id="booking-form-title">
        {title}
      </Typography.Title>
      {quote && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('bookings.form.fromQuote', {
            carrier: quote.carrier_name,
            route: [quote.pol_name, quote.pod_name, quote.to_name].join(' → '),
            rate: rfqRateText(quote.spaces, formatPrice),
          })}
        />
      )}
      {quoteFailed && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('bookings.form.quoteFailed')} />
      )}
      <Form<BookingFormValues>
        name="booking"
        form={form}
        layout="vertical"
        initialValues={initialValues}
        scrollToFirstError
        disabled={busy}
      >
        <BookingPartiesFields />
        <Panel title={t('bookings.form.shipment')}>
          <Row gutter={16}>
            <Col xs={24} sm={12} lg={8}>
              <Form.Item
                name="cust_ref_no"
                label={f('cust_ref_no')}
                rules={rules.cust_ref_no}
                normalize={upper}
              >
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8}>
              <Form.Item
                name="ready_date"
                label={f('ready_date')}
                required
                rules={[
                  {
                    validator: async (_rule, value: Dayjs | null | undefined) => {
                      if (!value)
                        throw new Error(t('shared.validation.required', { field: f('ready_date') }));
                      if (!isReadyDateAllowed(value.format(WIRE_DATE)))
                        throw new Error(t('shared.booking.readyDatePast'));
                    },
                  },
                ]}
              >
                <DatePicker
                  format={format}
                  style={{ width: '100%' }}
                  disabledDate={(day) => !isReadyDateAllowed(day.format(WIRE_DATE))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8}>
              <Form.Item name="incoterm" label={f('incoterm')} rules={rules.incoterm} required>
                <Select<string>
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={incoterms.isPending}
                  options={(incoterms.data?.lists ?? []).map((item) => ({
                    value: String(item.id),
                    label: item.name,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8}>
              <Form.Item name="pol_id" label={f('pol_id')} rules={rules.pol_id} required>
                <ReferenceSelect kind="port" disabled={quoteLocked} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8}>
              <Form.Item name="pod_id" label={f('pod_id')} rules={rules.pod_id} required>
                <ReferenceSelect kind="port" disabled={quoteLocked} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8}>
              <Form.Item name="to_id" label={f('to_id')} rules={rules.to_id} required>
                <ReferenceSelect kind="port" disabled={quoteLocked} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8}>
              <Form.Item name="carrier_id" label={f('carrier_id')} rules={rules.carrier_id}>
                <ReferenceSelect kind="carrier" allowClear disabled={quoteLocked} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8}>
              <ForwarderField
                fromQuote={quoteLocked || forwarderHidden}
                hidden={forwarderHidden}
                known={
                  initialValues.forwarder_id && forwarderName
                    ? { id: initialValues.forwarder_id, name: forwarderName }
                    : undefined
                }
              />
            </Col>
          </Row>
          <BookingNoteFields />
          <Form.Item name="remark" label={f('remark')} rules={rules.remark}>
            <Input.TextArea
              maxLength={BOOKING_LIMITS.remarkMax}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
            />
          </Form.Item>
        </Panel>
        <Panel title={t(isFcl ? 'bookings.form.containers' : 'bookings.form.cargo')}>
          {isFcl ? <ContainerLinesEditor quoteSpaces={quoteSpaces} /> : <CargoLinesEditor />}
          <BookingTotalsLine isFcl={isFcl} />
        </Panel>
        {/* The terms follow what every booking needs: a plain booking passes them by. */}
        <BookingTermsFields mode={mode} />
        <BookingPlacesFields />
        <BookingCommercialFields fromQuote={quoteLocked} />
        <BookingServicesFields />
      </Form>
      <Typography.Paragraph type="secondary" id="booking-buttons-hint">
        {t('bookings.form.buttonsHint')}
      </Typography.Paragraph>
      <Space wrap>
        <Button
          type="primary"
          loading={busy}
          aria-describedby="booking-buttons-hint"
          onClick={() => void confirm('submit')}
        >
          {t('bookings.form.submitBooking')}
        </Button>
        <Button loading={busy} aria-describedby="booking-buttons-hint" onClick={() => void confirm('save')}>
          {t('bookings.form.saveDraft')}
        </Button>
        <Button onClick={() => navigate('/bookings')}>{t('bookings.backToList')}</Button>
      </Space>
    </section>
  );
}
