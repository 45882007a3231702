import { describe, expect, it } from 'vitest';
import { isForwarderHidden, quoteMismatches, type QuoteTerms } from './booking-quote.js';
import { translate } from './i18n/index.js';

describe('isForwarderHidden', () => {
  const member = { party: 'member' as const, authorities: ['order', 'quote_booking'] };
  it('hides the forwarder of a booking from a quote from a member without quote_forwarder until it accepts', () => {
    expect(isForwarderHidden({ ...member, from_quote: true, accepted: false })).toBe(true);
    expect(isForwarderHidden({ ...member, from_quote: true, accepted: true })).toBe(false);
    expect(isForwarderHidden({ ...member, from_quote: false, accepted: false })).toBe(false);
  });
  it('shows it to a member with quote_forwarder and to the forwarder itself', () => {
    const seeing = { party: 'member' as const, authorities: ['order', 'quote_forwarder'] };
    expect(isForwarderHidden({ ...seeing, from_quote: true, accepted: false })).toBe(false);
    expect(
      isForwarderHidden({ party: 'forwarder', authorities: [], from_quote: true, accepted: false }),
    ).toBe(false);
  });
});

describe('quoteMismatches', () => {
  const quote: QuoteTerms = {
    pol_id: 1,
    pol_name: 'Shanghai',
    pod_id: 2,
    pod_name: 'Hamburg',
    to_id: 2,
    to_name: 'Hamburg',
    carrier_id: 9,
    carrier_name: 'MSC',
    spaces: [
      { container_id: 20, container_name: '20GP' },
      { container_id: 45, container_name: '40HQ' },
    ],
  };
  const fits = {
    container_mode: 1,
    pol_id: 1,
    pod_id: 2,
    to_id: 2,
    carrier_id: 9,
    containers: [{ container_id: 20 }, { container_id: 45 }],
  };
  it('accepts a booking on the quote’s terms', () => {
    expect(quoteMismatches(fits, quote)).toEqual([]);
  });
  it('names each field that leaves the quote, with what the quote offers there', () => {
    const issues = quoteMismatches(
      { ...fits, pol_id: 3, carrier_id: null, containers: [{ container_id: 20 }, { container_id: 40 }] },
      quote,
    );
    expect(issues.map((i) => i.field)).toEqual(['pol_id', 'carrier_id', 'containers.1.container_id']);
    const [pol, , line] = issues;
    expect(
      translate('en-US', pol?.key ?? 'booking.quoteTerm', { field: 'Port of loading', ...pol?.params }),
    ).toBe('Port of loading must be the quote’s: Shanghai');
    expect(
      translate('zh-CN', line?.key ?? 'booking.quoteTerm', { field: '第 2 行箱型', ...line?.params }),
    ).toBe('第 2 行箱型不在报价内：报价只有 20GP, 40HQ 的价格');
  });
  it('refuses LCL on a quote, which prices containers', () => {
    expect(quoteMismatches({ ...fits, container_mode: 2, containers: [] }, quote)).toEqual([
      { field: 'container_mode', key: 'booking.quoteFclOnly', params: { value: '' } },
    ]);
  });
});
