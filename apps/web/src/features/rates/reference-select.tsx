import { Select, type SelectProps } from 'antd';
import { toOptions, useReferenceList, type ReferenceKind } from '../../api/reference';

type Props = Omit<SelectProps<number>, 'options' | 'loading' | 'showSearch'> & {
  kind: ReferenceKind;
  enabled?: boolean;
};

/** A searchable dropdown over one reference list (ports, carriers, routes, forwarders…). */
export function ReferenceSelect({ kind, enabled, ...props }: Props) {
  const list = useReferenceList(kind, { enabled });
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      loading={list.isPending && (enabled ?? true)}
      options={toOptions(list.data)}
      {...props}
    />
  );
}
