import { Flex, Tag } from 'antd';

/** A labelled list of tags (businesses, routes or ports); nothing when the list is empty. */
export function ShipperTags({ label, names, color }: { label: string; names: string[]; color: string }) {
  if (names.length === 0) return null;
  return (
    <Flex wrap gap={4} role="list" aria-label={label}>
      {names.map((name) => (
        <Tag key={name} color={color} role="listitem" style={{ marginInlineEnd: 0 }}>
          {name}
        </Tag>
      ))}
    </Flex>
  );
}
