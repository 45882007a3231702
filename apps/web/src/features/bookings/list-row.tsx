import { DeleteOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * One row of a form list the member adds and removes (a loading stop, a dangerous good, a customs
 * reference): a group named by its title, with the button that removes it, so that each row reads
 * to a screen reader as its own part of the form and tests find its fields within it.
 */
export function ListRow({
  titleId,
  title,
  removeLabel,
  onRemove,
  framed = true,
  children,
}: {
  titleId: string;
  title: ReactNode;
  removeLabel: string;
  onRemove: () => void;
  /** a dashed frame around the row, where rows hold many fields */
  framed?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      style={
        framed
          ? { border: '1px dashed #d9d9d9', borderRadius: 8, padding: '8px 12px', marginBottom: 8 }
          : { marginBottom: 8 }
      }
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Text id={titleId}>{title}</Typography.Text>
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={removeLabel} onClick={onRemove} />
      </div>
      {children}
    </div>
  );
}
