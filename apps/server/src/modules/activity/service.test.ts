import { describe, expect, it } from 'vitest';
import { actorOf, changedFields } from './service.js';

describe('changedFields', () => {
  const names = { company1: 'company1', zipCode: 'zip_code', snapshot: 'shipper', at: 'at' } as const;

  it('names exactly the fields whose value differs, in the order of the names, by their API names', () => {
    expect(
      changedFields(
        { company1: 'ACME', zipCode: '200120', snapshot: { a: 1 }, at: null },
        { company1: 'ACME', zipCode: '200121', snapshot: { a: 1 }, at: null },
        names,
      ),
    ).toEqual(['zip_code']);
  });

  it('compares objects whatever the order of their keys (jsonb reorders them), and dates by instant', () => {
    const at = new Date('2026-11-25T10:00:00Z');
    expect(
      changedFields(
        { snapshot: { city: 'NINGBO', countryId: 1 }, at },
        { snapshot: { countryId: 1, city: 'NINGBO' }, at: new Date(at.getTime()) },
        names,
      ),
    ).toEqual([]);
    expect(changedFields({ snapshot: [1, 2] }, { snapshot: [2, 1] }, names)).toEqual(['shipper']);
  });

  it('ignores fields the change does not carry, and tells a cleared value from an empty one', () => {
    expect(changedFields({ company1: 'ACME', zipCode: '1' }, { company1: 'ACME' }, names)).toEqual([]);
    expect(changedFields({ zipCode: '' }, { zipCode: null }, names)).toEqual(['zip_code']);
  });
});

describe('actorOf', () => {
  it('takes the company, the person and their name from the signed-in person', () => {
    expect(actorOf({ companyId: 7, personId: 12, name: 'LI MING' })).toEqual({
      companyId: 7,
      personId: 12,
      name: 'LI MING',
    });
  });
});
