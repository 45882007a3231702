/** The large sheets the import benchmarks upload, in the templates' shape with English headers. */
import { fieldLabel, RATE_SHEET_COLUMNS } from '@freight/contract';
import { xlsxOf } from '../e2e/support/sheets.js';

/** A realistic contact sheet of `size` new contacts, with the template's English headers. */
export function contactSheet(size: number): Buffer {
  const columns = [
    'contact_type',
    'company1',
    'company2',
    'linkman',
    'address1',
    'address2',
    'city',
    'province',
    'country_id',
    'zip_code',
    'phone',
    'email',
  ];
  const words = ['PACIFIC', 'ORIENT', 'GLOBAL', 'GOLDEN', 'BRIGHT', 'UNITED', 'GRAND', 'SUNRISE', 'HARBOR'];
  const trades = ['LOGISTICS', 'TRADING', 'ELECTRONICS', 'TEXTILE', 'MACHINERY', 'FURNITURE'];
  const names = ['WANG WEI', 'LI NA', 'ZHANG MIN', 'LIU YANG', 'CHEN JIE', 'MARIA GARCIA', 'JOHN SMITH'];
  const places = [
    ['NINGBO', 'ZHEJIANG', 'CN', '315000', '+86 574 8765 '],
    ['SHENZHEN', 'GUANGDONG', 'CN', '518000', '+86 755 2345 '],
    ['HAMBURG', '', 'DE', '20457', '+49 40 3080 '],
    ['LOS ANGELES', 'CA', 'US', '90021', '+1 213 555 '],
  ] as const;
  const sheet: unknown[][] = [columns.map((column) => fieldLabel('en-US', column))];
  for (let n = 1; n <= size; n++) {
    const word = words[n % words.length]!;
    const trade = trades[Math.floor(n / words.length) % trades.length]!;
    const place = places[n % places.length]!;
    const name = names[n % names.length]!;
    sheet.push([
      ['shipper', 'consignee', 'both'][n % 3],
      `${word} ${trade} IMPORT CO., LTD ${n}`,
      place[2] === 'CN' ? `宁波${n}号进出口有限公司` : '',
      name,
      `NO. ${(n % 900) + 1} ${word} ROAD, BUILDING ${(n % 20) + 1}`,
      '',
      place[0],
      place[1],
      place[2],
      place[3],
      `${place[4]}${String(n % 10_000).padStart(4, '0')}`,
      `${name.toLowerCase().replace(' ', '.')}${n}@${word.toLowerCase()}-${trade.toLowerCase()}.com`,
    ]);
  }
  return xlsxOf(sheet, 'Contacts', { compression: true });
}

/** A rate sheet of `size` routes in the template's shape: fixed columns, then six price columns. */
export function rateSheet(size: number): Buffer {
  const containers = ['20GP', '40GP', '40HQ', '45HQ', '20RF', '40RH'];
  const carriers = ['MAEU', 'COSU', 'MSCU', 'CMDU', 'ONEY', 'EGLV', 'HLCU', 'OOLU'];
  const origins = ['CNSHA', 'CNNGB', 'CNSZX', 'CNTAO', 'CNXMN'];
  const destinations = [
    'NLRTM',
    'DEHAM',
    'BEANR',
    'GBFXT',
    'USLAX',
    'USLGB',
    'USNYC',
    'ITGOA',
    'FRLEH',
    'ESVLC',
  ];
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const sheet: unknown[][] = [
    [...RATE_SHEET_COLUMNS.map((column) => fieldLabel('en-US', column)), ...containers],
  ];
  for (let n = 1; n <= size; n++) {
    const to = destinations[n % destinations.length]!;
    const base = 900 + (n % 1700);
    sheet.push([
      carriers[n % carriers.length],
      origins[Math.floor(n / carriers.length) % origins.length],
      to,
      to,
      day(-(n % 10)),
      day(20 + (n % 60)),
      14 + (n % 30),
      '',
      '',
      `BENCH ${n}`,
      ...containers.map((_, i) => (n % 7 === i ? '' : base + i * 350 + (n % 3) * 0.5)),
    ]);
  }
  return xlsxOf(sheet, 'Rates', { compression: true });
}
