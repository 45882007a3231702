import './strings';
import type { RuleProblem } from '@freight/contract';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Badge, Button, Form, Typography } from 'antd';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { BookingFormValues } from './booking-form-values';
import type { TermRules } from './booking-line-terms-rules';
import { problemRule, revealing } from './booking-terms-rules';
import { DangerousGoodsEditor } from './dangerous-goods-editor';
import { FirstCommodityFields, MoreCommoditiesEditor } from './commodities-editor';
import { EquipmentTermsFields } from './equipment-terms-fields';
import { erroredFields } from './folded-section';

type LineList = 'containers' | 'cargo_items';
/** A line's fields that its special cargo holds. */
const TERM_FIELDS = new Set([
  'is_shipper_owned',
  'tare_weight',
  'is_non_operating_reefer',
  'reefer',
  'out_of_gauge',
  'dangerous_goods',
  'commodity_cn',
  'net_weight',
  'more_commodities',
]);

/**
 * Which lines show their special cargo: the member's choice, else `byDefault` (a reefer type, whose
 * set temperature is asked for, or a line that states some). Keyed by the list field's key.
 */
export function useOpenLines() {
  const [choices, setChoices] = useState<Record<number, boolean>>({});
  const setOpen = useCallback(
    (key: number, open: boolean) =>
      setChoices((current) => (current[key] === open ? current : { ...current, [key]: open })),
    [],
  );
  const isOpen = (key: number, byDefault: boolean) => choices[key] ?? byDefault;
  return { isOpen, setOpen };
}

/** The row's button that shows or hides the line's details (its special cargo) below the table. */
export function SpecialCargoToggle({
  list,
  index,
  open,
  controls,
  isStated,
  onToggle,
}: {
  list: LineList;
  index: number;
  open: boolean;
  /** the id of the line's details */
  controls: string;
  /** whether the line states some: marked while it is hidden */
  isStated: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  // A container line's details hold its further commodities too: more than special cargo.
  const name = t(list === 'containers' ? 'bookings.form.lineDetails' : 'bookings.form.specialCargo');
  return (
    <Badge dot={isStated && !open}>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={controls}
        aria-label={t('bookings.form.lineField', { field: name, index: index + 1 })}
        icon={open ? <UpOutlined /> : <DownOutlined />}
        iconPlacement="end"
        onClick={onToggle}
      >
        {name}
      </Button>
    </Badge>
  );
}

/**
 * Opens, after a render, each line of `list` whose special cargo shows an error (put there from
 * outside its rules: a draft's check, the server's refusal). One for all the lines: one per line
 * made every keystroke render and check fifty watchers.
 */
function OpenLinesWithErrors({
  list,
  lines,
  setOpen,
}: {
  list: LineList;
  lines: readonly { key: number; name: number; open: boolean }[];
  setOpen: (key: number, open: boolean) => void;
}) {
  const form = Form.useFormInstance();
  useEffect(() => {
    const shown = new Set(
      erroredFields(form)
        .filter((field) => field.name[0] === list && TERM_FIELDS.has(String(field.name[2])))
        .map((field) => field.name[1]),
    );
    for (const line of lines) if (!line.open && shown.has(line.name)) setOpen(line.key, true);
  });
  return null;
}

/** OpenLinesWithErrors, rendered again on every change of the form. */
export function LineErrorsWatcher(props: Parameters<typeof OpenLinesWithErrors>[0]) {
  return (
    <Form.Item noStyle shouldUpdate>
      {() => <OpenLinesWithErrors {...props} />}
    </Form.Item>
  );
}

/**
 * A line's special cargo, below the lines' table (a row of the table scrolls sideways on a phone,
 * this does not): for a container line its equipment (EquipmentTermsFields), for any line its
 * dangerous goods. Hidden, its fields stay in the form, so that a submit checks them; a field
 * refused while hidden shows it (setOpen), and so does an error put on it from outside (a draft's
 * check, the server's refusal). Its props are plain values: the lines' editor renders at each
 * keystroke in a line, and only what a line's details show by needs them to render again.
 */
export const LineSpecialCargo = memo(function LineSpecialCargo({
  id,
  list,
  name,
  index,
  fieldKey,
  open,
  setOpen,
  typeCode = null,
  isShipperOwned = false,
  isNonOperating = false,
  problemsOf,
}: {
  id: string;
  list: LineList;
  /** the line's name in its list, its place on screen, and its list field's key */
  name: number;
  index: number;
  fieldKey: number;
  open: boolean;
  setOpen: (key: number, open: boolean) => void;
  /** a container line's type (its portal code) and the choices that show more fields */
  typeCode?: string | null;
  isShipperOwned?: boolean;
  isNonOperating?: boolean;
  problemsOf: (values: BookingFormValues) => readonly RuleProblem[];
}) {
  const { t } = useTranslation();
  const onOpen = () => setOpen(fieldKey, true);
  const section = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    // Opened below a long table: brought into view.
    if (open && !wasOpen.current) section.current?.scrollIntoView?.({ block: 'nearest' });
    wasOpen.current = open;
  }, [open]);
  // Shown at once (before validateAndShow focuses the field), yet outside any render.
  const reveal = () => {
    if (!open) queueMicrotask(() => flushSync(onOpen));
  };
  const termRules: TermRules = (at, format = []) =>
    [...format, problemRule(at.join('.'), problemsOf)].map((rule) => revealing(rule, reveal));

  return (
    <div
      ref={section}
      id={id}
      role="group"
      aria-labelledby={`${id}-title`}
      hidden={!open}
      style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 12px', marginTop: 8 }}
    >
      <Typography.Text strong id={`${id}-title`}>
        {t(list === 'containers' ? 'bookings.form.lineDetailsOf' : 'bookings.form.specialCargoOf', {
          index: index + 1,
        })}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t(list === 'containers' ? 'bookings.form.lineDetailsHint' : 'bookings.form.specialCargoHintLcl')}
      </Typography.Paragraph>
      {list === 'containers' ? (
        <>
          <EquipmentTermsFields
            name={name}
            typeCode={typeCode}
            isShipperOwned={isShipperOwned}
            isNonOperating={isNonOperating}
            termRules={termRules}
          />
          <FirstCommodityFields line={name} termRules={termRules} />
          <MoreCommoditiesEditor line={name} index={index} termRules={termRules} />
        </>
      ) : (
        <DangerousGoodsEditor owner={[name]} path={[list, name]} termRules={termRules} />
      )}
    </div>
  );
});
