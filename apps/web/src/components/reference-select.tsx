import { Select, type SelectProps } from 'antd';
import { referenceSelectProps, useReferenceList, type ReferenceKind } from '../api/reference';
import { useInBrowser } from '../app/in-browser';
import { currentLocale } from '../i18n';

type Props = Omit<SelectProps<number>, 'options' | 'loading' | 'showSearch'> & {
  kind: ReferenceKind;
  enabled?: boolean;
};

/**
 * A searchable dropdown over one reference list (ports, carriers, routes, forwarders…). Its list is
 * asked for by the browser only: a first view from the server shows the dropdown closed,
 * and its data then needed not the port list (54 KB, most of the data) the person may never open.
 */
export function ReferenceSelect({ kind, enabled = true, ...props }: Props) {
  const isLive = useInBrowser() && enabled;
  const list = useReferenceList(kind, { enabled: isLive });
  return (
    <Select<number>
      {...referenceSelectProps(kind, list.data, currentLocale())}
      loading={list.isPending && isLive}
      {...props}
    />
  );
}
