import './strings';
import '../../i18n/dayjs-locale';
import {
  CUTOFF_FIELDS,
  DATE_FORMAT,
  instantToLocal,
  isEtaInOrder,
  localToInstant,
  releaseInput,
  shipInput,
  WIRE_DATE,
  type ReleaseInput,
} from '@freight/contract';
import { App, Col, DatePicker, Form, Input, Modal, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { applyFieldErrors } from '../../components/api-error';
import { useAction } from '../../components/use-action';
import { zodRules } from '../../components/form-rules';
import { currentLocale } from '../../i18n';
import { localDateTimeFormats } from './booking-format';
import { forwarderAction } from './bookings-api';
import { useForm } from '../../components/use-form';
import type { FieldName } from '../../i18n/keys';
import { useToast } from '../../components/use-toast';

const releaseRules = zodRules(releaseInput);
const shipRules = zodRules(shipInput);
const upper = (value: string | undefined) => (value ?? '').toUpperCase();

type ReleaseValues = {
  so_no?: string;
  vessel?: string;
  voyage?: string;
  etd?: Dayjs | null;
  eta?: Dayjs | null;
  si_cutoff?: Dayjs | null;
  cy_cutoff?: Dayjs | null;
  customs_cutoff?: Dayjs | null;
  vgm_cutoff?: Dayjs | null;
  pickup_depot?: string;
  return_terminal?: string;
};

type Props = { id: number; orderNo: string; onClose: () => void; onDone: () => void };

type FormHandle = Parameters<typeof applyFieldErrors>[0];

/** Makes the change and shows the server's refusal on the fields and in a modal. */
function useRun(onDone: () => void) {
  const { t } = useTranslation();
  const message = useToast();
  const { run } = useAction();
  return async (call: () => Promise<unknown>, form: FormHandle) => {
    await run(
      async () => {
        await call();
        message.success(t('bookings.actionDone'));
        onDone();
      },
      { title: t('bookings.actionFailed'), form },
    );
  };
}

/** Asks before the change, then makes it (useRun). */
function useAct(onDone: () => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const run = useRun(onDone);
  return (question: string, call: () => Promise<unknown>, form: FormHandle) =>
    modal.confirm({
      title: question,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => run(call, form),
    });
}

const WIRE_TIME = `${WIRE_DATE} HH:mm`;

/**
 * Release space (1 → 2): SO number, vessel, voyage, ETD/ETA and the optional cut-offs. The cut-off
 * pickers read and write the port of loading's wall clock (`timeZone`, its IANA zone), as the
 * carrier's notice prints them, and name that clock with its offset on the day picked.
 */
export function ReleaseModal({
  id,
  onClose,
  onDone,
  port,
  timeZone,
}: Props & { port: string; timeZone: string }) {
  const { t } = useTranslation();
  const [form] = useForm<ReleaseValues>();
  const values = Form.useWatch([], form) as ReleaseValues | undefined;
  const run = useRun(onDone);
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const date = DATE_FORMAT[currentLocale()];
  const cutoffFormats = localDateTimeFormats(currentLocale());
  const [releasing, setReleasing] = useState(false);
  const wire = (value: Dayjs | null | undefined) => (value ? value.format(WIRE_DATE) : '');
  const wireTime = (value: Dayjs | null | undefined) => (value ? value.format(WIRE_TIME) : null);
  // The port's clock at the time picked, else at noon of the ETD (or today): its offset changes
  // with daylight saving.
  const portTime = (value: Dayjs | null | undefined) => {
    const at = value ? value.format(WIRE_TIME) : `${(values?.etd ?? dayjs()).format(WIRE_DATE)} 12:00`;
    const { offset } = instantToLocal(localToInstant(at, timeZone), timeZone);
    return t('bookings.release.portTime', { port: port || timeZone, offset: `UTC${offset}` });
  };
  const dateRule = (name: 'etd' | 'eta') => [
    {
      validator: async (_rule: unknown, value: Dayjs | null | undefined) => {
        if (!value) throw new Error(t('shared.validation.required', { field: f(name) }));
      },
    },
  ];

  const onFinish = (values: ReleaseValues) => {
    const input: ReleaseInput = {
      so_no: values.so_no ?? '',
      vessel: values.vessel ?? '',
      voyage: values.voyage ?? '',
      etd: wire(values.etd),
      eta: wire(values.eta),
      ...Object.fromEntries(CUTOFF_FIELDS.map((field) => [field, wireTime(values[field])])),
      pickup_depot: values.pickup_depot?.trim() ?? '',
      return_terminal: values.return_terminal?.trim() ?? '',
    };
    // The dialog's own 放舱 / Release button is the confirmation: no second question.
    setReleasing(true);
    void run(() => forwarderAction(id, { action: 'release', body: input }), form).finally(() =>
      setReleasing(false),
    );
  };

  return (
    <Modal
      open
      width={800}
      title={t('bookings.actions.release')}
      okText={t('bookings.actions.release')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: releasing }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ReleaseValues>
        form={form}
        name="release"
        layout="vertical"
        onFinish={onFinish}
        scrollToFirstError={{ focus: true }}
      >
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="so_no" label={f('so_no')} rules={releaseRules.so_no} normalize={upper} required>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="vessel"
              label={f('vessel')}
              rules={releaseRules.vessel}
              normalize={upper}
              required
            >
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="voyage"
              label={f('voyage')}
              rules={releaseRules.voyage}
              normalize={upper}
              required
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="etd" label={f('etd')} rules={dateRule('etd')} required>
              <DatePicker format={date} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="eta"
              label={f('eta')}
              dependencies={['etd']}
              required
              rules={[
                ...dateRule('eta'),
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: Dayjs | null | undefined) => {
                    const etd = getFieldValue('etd') as Dayjs | null | undefined;
                    if (!isEtaInOrder(wire(etd), wire(value))) throw new Error(t('shared.rates.etaOrder'));
                  },
                }),
              ]}
            >
              <DatePicker format={date} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {CUTOFF_FIELDS.map((name) => (
            <Col xs={24} sm={12} key={name}>
              <Form.Item
                name={name}
                label={f(name)}
                extra={portTime(values?.[name])}
                dependencies={['etd']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_rule, value: Dayjs | null | undefined) => {
                      const etd = getFieldValue('etd') as Dayjs | null | undefined;
                      if (value && etd && value.isAfter(etd, 'day'))
                        throw new Error(t('shared.booking.cutoffAfterEtd', { field: f(name) }));
                    },
                  }),
                ]}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format={cutoffFormats}
                  placeholder={t('bookings.release.dateTimePlaceholder')}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          ))}
          {(['pickup_depot', 'return_terminal'] as const).map((name) => (
            <Col xs={24} sm={12} key={name}>
              <Form.Item name={name} label={f(name)} rules={releaseRules[name]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}

/** Mark as shipped (3 → 5) with the B/L number. */
export function ShipModal({ id, orderNo, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = useForm<{ bl_no?: string }>();
  const act = useAct(onDone);
  return (
    <Modal
      open
      title={t('bookings.actions.ship')}
      okText={t('bookings.actions.ship')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        name="ship"
        layout="vertical"
        onFinish={(values) =>
          act(
            t('bookings.confirm.ship', { order_no: orderNo, bl_no: values.bl_no ?? '' }),
            () => forwarderAction(id, { action: 'ship', body: { bl_no: values.bl_no ?? '' } }),
            form,
          )
        }
      >
        <Form.Item
          name="bl_no"
          label={t('shared.fields.bl_no')}
          rules={shipRules.bl_no}
          normalize={upper}
          required
        >
          <Input maxLength={30} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
