import type { Quote } from '@freight/contract';
import { describe, expect, it } from 'vitest';
import { containerTypes, routeText } from './quote-layout';

const quote = (id: number, spaces: [number, string][], to = 'Rotterdam'): Quote =>
  ({
    id,
    pol_name: 'Shanghai',
    pod_name: 'Rotterdam',
    to_name: to,
    spaces: spaces.map(([container_id, container_name]) => ({ container_id, container_name, price: '1' })),
  }) as Quote;

describe('quote board columns', () => {
  it('keeps the price columns in the reference order, whatever order the rows come in', () => {
    const order = [1, 2, 3];
    // Sorted by transit time descending, the first row may hold only 40GP and 40HQ.
    const rows = [
      quote(1, [
        [2, '40GP'],
        [3, '40HQ'],
      ]),
      quote(2, [[1, '20GP']]),
    ];
    expect(containerTypes(rows, order).map((c) => c.name)).toEqual(['20GP', '40GP', '40HQ']);
    expect(containerTypes([...rows].reverse(), order).map((c) => c.name)).toEqual(['20GP', '40GP', '40HQ']);
    // A type the reference list does not (yet) hold comes last.
    expect(
      containerTypes(
        [
          quote(3, [
            [9, 'XX'],
            [1, '20GP'],
          ]),
        ],
        order,
      ).map((c) => c.name),
    ).toEqual(['20GP', 'XX']);
  });

  it('writes the route in one cell, the delivery place only when it differs', () => {
    expect(routeText(quote(1, []))).toBe('Shanghai → Rotterdam');
    expect(routeText(quote(1, [], 'Duisburg'))).toBe('Shanghai → Rotterdam → Duisburg');
  });
});
