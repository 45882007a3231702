import './strings';
import { aside, type Contact, type ContactParty, type ListData, type Shipper } from '@freight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Checkbox, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { currentLocale } from '../../i18n';
import { queryKeys } from '../../api/query-keys';

const PICK_SIZE = 50;

/** The text typed into a searchable select, settled after a short pause. */
function useSettled(value: string, delayMs = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

const contactLabel = (contact: Contact) => contact.company1 + aside(contact.company2, currentLocale());

type PartyProps = {
  id?: string;
  /** the booking party picked: only contacts of that type (or both) are offered, unless all are asked for */
  party: ContactParty;
  value?: number | null;
  onChange?: (value: number | null) => void;
  'aria-label'?: string;
};

/**
 * A shipper or consignee from the member's contact book (GET /customer/contact, searched on the
 * server), with the chosen contact's phone, e-mail and address shown under the select.
 */
export function PartySelect({ id, party, value, onChange, ...rest }: PartyProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [showAll, setShowAll] = useState(false);
  const keyword = useSettled(typed.trim());
  const filter = showAll ? {} : { party };
  const list = useQuery({
    queryKey: queryKeys.contacts.pick(keyword, showAll ? 'all' : party),
    queryFn: () =>
      api.get<ListData<Contact>>('/customer/contact', { keyword, page: 1, size: PICK_SIZE, ...filter }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const listed = list.data?.lists.find((contact) => contact.id === value);
  const chosen = useQuery({
    queryKey: queryKeys.contacts.one(value),
    queryFn: () => api.get<Contact>(`/customer/contact/${value}`),
    enabled: typeof value === 'number' && !listed && list.isSuccess,
    retry: false,
  });
  const contact = listed ?? (chosen.data?.id === value ? chosen.data : undefined);
  const options = (list.data?.lists ?? []).map((item) => ({ value: item.id, label: contactLabel(item) }));
  if (contact && !options.some((option) => option.value === contact.id))
    options.unshift({ value: contact.id, label: contactLabel(contact) });

  return (
    <>
      <Select<number>
        id={id}
        aria-label={rest['aria-label']}
        value={value ?? undefined}
        onChange={(next) => onChange?.(next ?? null)}
        allowClear
        showSearch={{ filterOption: false, onSearch: setTyped }}
        onBlur={() => setTyped('')}
        loading={list.isFetching}
        options={options}
        notFoundContent={list.isFetching ? t('common.loading') : t('bookings.form.noContacts')}
      />
      <Checkbox
        checked={showAll}
        onChange={(event) => setShowAll(event.target.checked)}
        style={{ marginTop: 4 }}
      >
        {t('bookings.form.showAllContacts')}
      </Checkbox>
      {contact && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
          {t('bookings.form.contactLine', {
            linkman: contact.linkman,
            phone: contact.phone || '-',
            email: contact.email || '-',
          })}
          <br />
          {[contact.address1, contact.city, contact.province, contact.country_name, contact.zip_code]
            .filter(Boolean)
            .join(', ')}
        </Typography.Text>
      )}
    </>
  );
}

type ForwarderProps = {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The saved booking's forwarder, kept as an option even when the directory does not list it. */
  known?: { id: number; name: string };
  disabled?: boolean;
  'aria-label'?: string;
};

/**
 * The forwarder a booking from scratch goes to, picked from the shipper alliance directory
 * (GET /shipper: forwarders any member may see; the /forwarder list needs quote_forwarder).
 */
export function ForwarderSelect({ id, value, onChange, known, disabled, ...rest }: ForwarderProps) {
  const [typed, setTyped] = useState('');
  const company = useSettled(typed.trim());
  const isChinese = currentLocale() === 'zh-CN';
  const list = useQuery({
    queryKey: queryKeys.shippers.pick(company),
    queryFn: () => api.get<ListData<Shipper>>('/shipper', { company, page: 1, size: PICK_SIZE }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    enabled: !disabled,
  });
  const options = (list.data?.lists ?? []).map((item) => ({
    value: item.id,
    label: (isChinese && item.company2) || item.company1,
  }));
  if (known && !options.some((option) => option.value === known.id))
    options.unshift({ value: known.id, label: known.name });

  return (
    <Select<number>
      id={id}
      aria-label={rest['aria-label']}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      disabled={disabled}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onBlur={() => setTyped('')}
      loading={list.isFetching}
      options={options}
    />
  );
}
