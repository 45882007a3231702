import { describe, expect, it } from 'vitest';
import { commercialProblems, commercialTermFields } from './booking-commercial.js';
import { blTypeOf } from './booking-shipment.js';
import { z } from 'zod';

const terms = z.strictObject(commercialTermFields);
const check = (input: object, quoteId: number | null = null) =>
  commercialProblems({ ...terms.parse(input), quote_id: quoteId }).map((p) => `${p.field}:${p.key}`);

describe('commercial terms', () => {
  it('reads codes and amounts as people type them', () => {
    expect(
      terms.parse({ declared_value: 1200.5, declared_value_currency: ' usd ', freight_payable_at: 'cn sha' }),
    ).toMatchObject({
      declared_value: '1200.5',
      declared_value_currency: 'USD',
      freight_payable_at: 'CNSHA',
    });
    expect(terms.safeParse({ number_of_originals: '4' }).success).toBe(false);
    expect(terms.safeParse({ declared_value: '0' }).success).toBe(false);
  });

  it('books under a contract or from a quote, never both', () => {
    expect(check({ service_contract_reference: 'SC1' })).toEqual([]);
    expect(check({ service_contract_reference: 'SC1' }, 7)).toEqual([
      'service_contract_reference:bookingTerms.contractOrQuote',
    ]);
  });

  it('refuses a value without currency, a waybill with originals, a reference without a declaration', () => {
    expect(check({ declared_value: '10' })).toEqual([
      'declared_value_currency:bookingTerms.currencyRequired',
    ]);
    expect(check({ declared_value_currency: 'EUR' })).toEqual(['declared_value:bookingTerms.valueRequired']);
    expect(check({ transport_document_type: 'SWB', number_of_originals: 1 })).toEqual([
      'number_of_originals:bookingTerms.waybillNoOriginals',
    ]);
    expect(check({ transport_document_type: 'SWB', number_of_originals: 0 })).toEqual([]);
    expect(check({ export_declaration_reference: '123' })).toEqual([
      'export_declaration_reference:bookingTerms.exportDeclarationNotRequired',
    ]);
  });

  it('gives the SI the B/L type of the document asked for', () => {
    expect(blTypeOf({ transport_document_type: 'SWB', number_of_originals: null })).toBe('seaway');
    expect(blTypeOf({ transport_document_type: 'BOL', number_of_originals: 0 })).toBe('telex');
    expect(blTypeOf({ transport_document_type: 'BOL', number_of_originals: 3 })).toBe('original');
    expect(blTypeOf({ transport_document_type: '', number_of_originals: null })).toBeNull();
  });
});
