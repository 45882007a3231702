import { Typography } from 'antd';
import { useId, type ReactNode } from 'react';

/** A titled block of a booking page: a light stand-in for a card (the Card brings tabs along). */
export function Panel({ title, children }: { title?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={title ? id : undefined}
      style={{
        border: '1px solid #f0f0f0',
        borderRadius: 8,
        padding: 16,
        marginBottom: 16,
        background: '#fff',
      }}
    >
      {title && (
        <Typography.Title level={5} id={id} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
      )}
      {children}
    </section>
  );
}
