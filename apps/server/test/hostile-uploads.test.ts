import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { captcha, freshAddress, image, registrationForm, TEST_CAPTCHA } from './fixtures.js';
import {
  buildWorld,
  caseCount,
  check,
  describeRequest,
  expectSafeReply,
  fingerprinter,
  hostileAuthorization,
  hostileLang,
  nastyKey,
  nastyString,
  nastyText,
  statusCounter,
  storedFileCount,
  UPLOAD_ROUTES,
  withinBudget,
  type World,
} from './hostile.js';
import { crc32, xlsx, zip, zipBomb } from './sheets.js';

/**
 * Hostile uploads: every multipart route (registration and profile images, the contact
 * and rate imports, booking documents and attachments) gets 200 hostile forms (50 outside `npm run test:full`) as a member
 * holding every authority, plus a few anonymous ones: content that does not match its name,
 * polyglots, oversize files, zip bombs, broken and truncated multipart streams, hostile field names
 * and values. Never a 5xx; a refused upload leaves the database and the stored files as they were.
 */

const RUNS = caseCount(200);
const ANONYMOUS_RUNS = caseCount(20);

/* ---------- file corpus ---------- */

const CONTENT_TYPES_XML = (main: string) =>
  Buffer.from(
    `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/main.xml" ContentType="${main}"/></Types>`,
  );
const XLSX_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
const DOCX_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** A PNG whose header claims `width` × `height` pixels but carries almost no data. */
function pixelBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateRawSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small .xlsx made by SheetJS, with its first sheet's XML changed by `patch` (entries re-zipped). */
function patchedXlsx(rows: unknown[][], patch: (xml: string) => string): Buffer {
  const container = XLSX.CFB.read(xlsx(rows), { type: 'buffer' });
  const entries: Record<string, Buffer> = {};
  container.FullPaths.forEach((fullPath: string, index: number) => {
    const entry = container.FileIndex[index];
    const name = fullPath.replace(/^Root Entry\//, '');
    if (!entry || entry.type !== 2 || name.startsWith('\u0001')) return;
    const content = Buffer.from(entry.content as Uint8Array);
    entries[name] =
      name === 'xl/worksheets/sheet1.xml' ? Buffer.from(patch(content.toString('utf8'))) : content;
  });
  return zip(entries);
}

/** Sheets of a few bytes that span the whole grid (17 billion cells), by claim or by real cells. */
function rangeBombs(): Record<string, Buffer> {
  const rows = [
    ['company1', 'linkman', 'address1', 'city', 'country_id', 'phone'],
    ['BOMB LTD', 'A', 'B', 'C', 'CN', '1'],
  ];
  const cell = (ref: string) => `<c r="${ref}" t="str"><v>x</v></c>`;
  return {
    claimedRange: patchedXlsx(rows, (xml) =>
      xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>'),
    ),
    farCells: patchedXlsx(rows, (xml) =>
      xml.replace(
        '</sheetData>',
        `<row r="9999">${cell('XFD9999')}</row><row r="1048576">${cell('A1048576')}</row></sheetData>`,
      ),
    ),
    wideHeader: patchedXlsx(rows, (xml) => xml.replace('</row>', `${cell('XFD1')}</row>`)),
  };
}

type Corpus = Record<string, Buffer>;

async function buildCorpus(): Promise<Corpus> {
  const png = await image('png');
  const jpeg = await image('jpeg');
  const sheet = xlsx([
    ['company1', 'linkman'],
    ['A', 'B'],
  ]);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const docx = zip({ '[Content_Types].xml': CONTENT_TYPES_XML(DOCX_MAIN), 'main.xml': Buffer.from('<w/>') });
  return {
    png,
    jpeg,
    gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
    webp: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .webp()
      .toBuffer(),
    svg: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    ),
    html: Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
    pdf,
    pdfPolyglot: Buffer.concat([pdf, Buffer.from('<html><script>alert(1)</script></html>'), sheet]),
    docx,
    docm: zip({
      '[Content_Types].xml': CONTENT_TYPES_XML('application/vnd.ms-word.document.macroEnabled.main+xml'),
      'main.xml': Buffer.from('<w/>'),
    }),
    xlsx: sheet,
    xls: xlsx(
      [
        ['company1', 'linkman'],
        ['A', 'B'],
      ],
      'xls',
    ),
    csv: Buffer.from('company1,linkman\nA,B\n'),
    csvUtf16: Buffer.from('\uFEFFcompany1,linkman\nA,B\n', 'utf16le'),
    csvNul: Buffer.from('company1,linkman\nA\u0000,B\n'),
    csvInvalidUtf8: Buffer.concat([
      Buffer.from('company1,linkman\n'),
      Buffer.from([0xed, 0xa0, 0x80, 0xff, 0x2c, 0x41]),
    ]),
    zip: zip({ 'hello.txt': Buffer.from('hello') }),
    zipBomb: zipBomb(80 * 1024 * 1024),
    lyingZipBomb: zip(
      {
        '[Content_Types].xml': CONTENT_TYPES_XML(XLSX_MAIN),
        'xl/worksheets/sheet1.xml': Buffer.alloc(120 * 1024 * 1024, 0x41),
      },
      () => 100,
    ),
    manyEntriesZip: zip(
      Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`e${i}`, Buffer.from('x')])),
    ),
    ...rangeBombs(),
    pngZipPolyglot: Buffer.concat([png, sheet]),
    zipPngPolyglot: Buffer.concat([sheet, png]),
    truncatedPng: png.subarray(0, Math.floor(png.length / 2)),
    truncatedJpeg: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    truncatedXlsx: sheet.subarray(0, Math.floor(sheet.length / 2)),
    truncatedPdf: pdf.subarray(0, 6),
    pixelBomb: pixelBomb(60_000, 60_000),
    zeroPixels: pixelBomb(0, 0),
    empty: Buffer.alloc(0),
    oneByte: Buffer.from([0x89]),
    exe: Buffer.concat([Buffer.from('MZ'), randomBytes(510)]),
    ole: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(504)]),
    nulls: Buffer.alloc(4096),
  };
}

/* ---------- hostile forms ---------- */

type FilePart = { kind: 'file'; field: string; filename: string; contentType: string; content: string };
type TextPart = { kind: 'text'; field: string; value: string };
type Part = FilePart | TextPart;
type Stream =
  | { kind: 'complete' }
  | { kind: 'truncate'; fraction: number }
  | { kind: 'noClosing' }
  | { kind: 'wrongBoundary' }
  | { kind: 'noBoundary' }
  | { kind: 'quotedBoundary' }
  | { kind: 'longBoundary' }
  | { kind: 'bareLineFeeds' }
  | { kind: 'preamble' }
  | { kind: 'mixed' }
  | { kind: 'noDisposition' }
  | { kind: 'asJson' };
type Form = { parts: Part[]; stream: Stream; lang: string | undefined };

/** Content labels: a corpus entry, a generated sheet ("sheet:<json>") or random bytes ("bytes:<hex>"). */
type Contents = { corpus: Corpus; sheets: Map<string, Buffer> };

const FILE_NAMES = [
  'a.xlsx',
  'a.xls',
  'a.csv',
  'a.png',
  'a.PNG',
  'a.jpg',
  'a.jpeg',
  'a.pdf',
  'a.docx',
  'a.doc',
  'a.xlsx.png',
  'a.png.xlsx',
  'a.xlsm',
  'a.svg',
  'a.html',
  'a.exe',
  'a',
  '',
  '.xlsx',
  '.',
  '..',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini.xlsx',
  '/etc/passwd.png',
  'C:\\boot.ini.pdf',
  'a"b.xlsx',
  "a'b.xlsx",
  'a;b=c.xlsx',
  'a\\".xlsx',
  '中文名.xlsx',
  '\u202Egnp.xlsx',
  'a\u200B.xlsx',
  '😀.png',
  'CON.xlsx',
  'a%00.png',
  `${'a'.repeat(300)}.xlsx`,
  `${'中'.repeat(300)}.pdf`,
];

const CONTENT_TYPES = [
  'application/octet-stream',
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'application/pdf',
  'text/csv',
  'text/html',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/x-msdownload',
  '',
  'multipart/form-data; boundary=inner',
  'text/plain; charset=utf-16',
];

const fileName: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FILE_NAMES) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(nastyText, fc.constantFrom('.xlsx', '.csv', '.png', '.jpg', '.pdf', '.docx', ''))
      .map(([base, extension]) => `${base}${extension}`),
  },
);

/** A sheet of hostile cells under a valid header, written as .xlsx, .xls or .csv. */
function hostileSheet(
  header: string[],
  validRow: () => unknown[],
): fc.Arbitrary<{ label: string; name: string }> {
  const cell = fc.oneof(
    { weight: 4, arbitrary: nastyString.map((text) => text.slice(0, 2000)) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(0, -1, 1e308, 0.1, true, false, '') },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(
        { t: 'n', v: 42, f: 'HYPERLINK("http://evil.example","x")' },
        { t: 's', v: "=cmd|' /C calc'!A0" },
        { t: 'n', v: 45000, z: 'yyyy-mm-dd' },
        { t: 'e', v: 7 },
        { t: 'd', v: '2026-02-30' },
      ),
    },
  );
  const row = fc.oneof(
    { weight: 1, arbitrary: fc.array(cell, { maxLength: header.length + 2 }) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.nat({ max: header.length - 1 }), cell)
        .map(([index, value]) => validRow().map((item, i) => (i === index ? value : item))),
    },
    { weight: 3, arbitrary: fc.constant(null).map(() => validRow()) },
  );
  return fc
    .record({
      rows: fc.array(row, { minLength: 1, maxLength: 4 }),
      header: fc.oneof(
        { weight: 4, arbitrary: fc.constant(header) },
        { weight: 1, arbitrary: fc.array(fc.oneof(nastyKey, nastyText), { maxLength: 4 }) },
        { weight: 1, arbitrary: fc.constant([...header, ...header]) },
      ),
      format: fc.constantFrom<'xlsx' | 'xls' | 'csv'>('xlsx', 'xlsx', 'csv', 'xls'),
    })
    .map(({ rows, header: head, format }) => ({
      label: `sheet:${JSON.stringify({ rows: [head, ...rows], format })}`,
      name: `sheet.${format}`,
    }));
}

/** The file name a content label would have if nobody lied about it. */
function naturalName(label: string): string {
  if (label.startsWith('sheet:'))
    return `sheet.${(JSON.parse(label.slice('sheet:'.length)) as { format: string }).format}`;
  if (label.startsWith('bytes:')) return 'random.bin';
  const extension = /^(png|jpeg|gif|webp|svg|html|pdf|docx|docm|xlsx|xls|csv|zip)/i.exec(label)?.[1];
  if (extension?.startsWith('csv') || label.startsWith('csv')) return 'upload.csv';
  if (
    label.toLowerCase().includes('bomb') ||
    label.includes('Range') ||
    label.includes('Cells') ||
    label.includes('Header')
  )
    return 'upload.xlsx';
  return `upload.${extension?.toLowerCase() ?? 'bin'}`;
}

function sheetBytes(label: string): Buffer {
  const { rows, format } = JSON.parse(label.slice('sheet:'.length)) as {
    rows: unknown[][];
    format: 'xlsx' | 'xls' | 'csv';
  };
  if (format !== 'csv') return xlsx(rows, format);
  const text = rows
    .map((row) =>
      row
        .map((value) => {
          const cell =
            value !== null && typeof value === 'object' ? String((value as { v: unknown }).v) : String(value);
          return /[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
        })
        .join(','),
    )
    .join('\r\n');
  return Buffer.from(text);
}

function contentOf(label: string, contents: Contents): Buffer {
  if (label.startsWith('bytes:')) return Buffer.from(label.slice(6), 'hex');
  if (label.startsWith('sheet:')) {
    let bytes = contents.sheets.get(label);
    if (!bytes) {
      bytes = sheetBytes(label);
      contents.sheets.set(label, bytes);
    }
    return bytes;
  }
  const bytes = contents.corpus[label];
  if (!bytes) throw new Error(`no corpus entry ${label}`);
  return bytes;
}

const BOUNDARY = '----hostileBoundary7MA4YWxkTrZu0gW';

/** The multipart body of `form` with its stream mutation, and its content type. */
function encodeForm(form: Form, contents: Contents): { payload: Buffer; contentType: string } {
  const stream = form.stream;
  const eol = stream.kind === 'bareLineFeeds' ? '\n' : '\r\n';
  const boundary = stream.kind === 'longBoundary' ? `b${'x'.repeat(200)}` : BOUNDARY;
  const chunks: Buffer[] = [];
  if (stream.kind === 'preamble') chunks.push(Buffer.from(`this is a preamble${eol}with lines${eol}`));
  form.parts.forEach((part, index) => {
    const disposition =
      stream.kind === 'noDisposition' && index === 0
        ? ''
        : part.kind === 'file'
          ? `Content-Disposition: form-data; name="${part.field}"; filename="${part.filename}"${eol}`
          : `Content-Disposition: form-data; name="${part.field}"${eol}`;
    const type =
      part.kind === 'file' && part.contentType !== '' ? `Content-Type: ${part.contentType}${eol}` : '';
    chunks.push(Buffer.from(`--${boundary}${eol}${disposition}${type}${eol}`, 'utf8'));
    chunks.push(part.kind === 'file' ? contentOf(part.content, contents) : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from(eol));
  });
  if (stream.kind !== 'noClosing') chunks.push(Buffer.from(`--${boundary}--${eol}`));
  let payload = Buffer.concat(chunks);
  if (stream.kind === 'truncate') payload = payload.subarray(0, Math.floor(payload.length * stream.fraction));
  const contentType = {
    wrongBoundary: `multipart/form-data; boundary=${BOUNDARY}x`,
    noBoundary: 'multipart/form-data',
    quotedBoundary: `multipart/form-data; boundary="${boundary}"`,
    mixed: `multipart/mixed; boundary=${boundary}`,
    asJson: 'application/json',
  }[stream.kind as string];
  return { payload, contentType: contentType ?? `multipart/form-data; boundary=${boundary}` };
}

const streamMutation: fc.Arbitrary<Stream> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Stream>({ kind: 'complete' }) },
  {
    weight: 2,
    arbitrary: fc
      .double({ min: 0, max: 0.999, noNaN: true })
      .map((fraction): Stream => ({ kind: 'truncate', fraction })),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Stream>(
      { kind: 'noClosing' },
      { kind: 'wrongBoundary' },
      { kind: 'noBoundary' },
      { kind: 'quotedBoundary' },
      { kind: 'longBoundary' },
      { kind: 'bareLineFeeds' },
      { kind: 'preamble' },
      { kind: 'mixed' },
      { kind: 'noDisposition' },
      { kind: 'asJson' },
    ),
  },
);

/** The text fields of a valid form with up to three hostile changes. */
function hostileFields(valid: Record<string, string>): fc.Arbitrary<TextPart[]> {
  const names = Object.keys(valid);
  const base = names.map((field): TextPart => ({ kind: 'text', field, value: valid[field] ?? '' }));
  if (names.length === 0) return fc.constant(base);
  type Change = { op: 'replace' | 'delete' | 'duplicate' | 'rename'; index: number; text: string };
  const change: fc.Arbitrary<Change> = fc.record({
    op: fc.constantFrom<Change['op']>('replace', 'replace', 'replace', 'delete', 'duplicate', 'rename'),
    index: fc.nat({ max: names.length - 1 }),
    text: fc.oneof(nastyString, nastyKey),
  });
  return fc.array(change, { maxLength: 3 }).map((changes) => {
    let parts = [...base];
    for (const { op, index, text } of changes) {
      const target = parts[index % Math.max(1, parts.length)];
      if (!target) continue;
      if (op === 'replace') parts = parts.map((p) => (p === target ? { ...p, value: text } : p));
      if (op === 'delete') parts = parts.filter((p) => p !== target);
      if (op === 'duplicate') parts = [...parts, { ...target, value: text }];
      if (op === 'rename') parts = parts.map((p) => (p === target ? { ...p, field: text } : p));
    }
    return parts;
  });
}

type UploadTarget = {
  /** The file fields the route takes, and the content most likely to be accepted in them. */
  fileFields: string[];
  likely: string[];
  /**
   * Valid text fields (the placeholder UNIQUE becomes a fresh e-mail address per request, CAPTCHA a
   * live captcha, so that registrations get past it to their images).
   */
  fields: (world: World) => Record<string, string>;
  /** A valid header and row for hostile sheets (imports only). */
  sheet?: (world: World) => { header: string[]; row: () => unknown[] };
  session: 'root' | 'public';
};

const profileFields = (world: World): Record<string, string> =>
  Object.fromEntries(Object.entries(world.validProfile()).map(([key, value]) => [key, String(value)]));

const UPLOADS: Record<(typeof UPLOAD_ROUTES)[number], UploadTarget> = {
  'POST /api/userinfo': {
    fileFields: ['license', 'logo'],
    likely: ['png', 'jpeg'],
    fields: (w) =>
      registrationForm({ username: 'UNIQUE', captcha_id: 'CAPTCHA', captcha: TEST_CAPTCHA }, w.ref.cn),
    session: 'public',
  },
  'PUT /api/userinfo': {
    fileFields: ['license', 'logo'],
    likely: ['png', 'jpeg'],
    fields: profileFields,
    session: 'root',
  },
  'POST /api/customer/contact/import': {
    fileFields: ['file'],
    likely: ['xlsx', 'csv'],
    fields: () => ({}),
    sheet: () => {
      let serial = 0;
      return {
        header: [
          'type',
          'company1',
          'company2',
          'linkman',
          'address1',
          'city',
          'country_id',
          'phone',
          'email',
        ],
        row: () => [
          'shipper',
          `IMPORTED ${++serial} LTD`,
          '进口公司',
          'WANG FANG',
          'NO. 1 ROAD',
          'NINGBO',
          'CN',
          '+86 574 1',
          'a@example.com',
        ],
      };
    },
    session: 'root',
  },
  'POST /api/rate/import': {
    fileFields: ['file'],
    likely: ['xlsx', 'csv'],
    fields: () => ({}),
    sheet: (w) => ({
      header: [
        'carrier_id',
        'pol_id',
        'pod_id',
        'to_id',
        'sdate',
        'edate',
        'transit_days',
        'etd',
        'eta',
        'remark',
        '20GP',
        '40GP',
      ],
      row: () => [
        'MAEU',
        'CNSHA',
        'NLRTM',
        'NLRTM',
        w.day(0),
        w.day(20),
        30,
        '',
        '',
        'WEEKLY',
        1000,
        '1,800.50',
      ],
    }),
    session: 'root',
  },
  'POST /api/attachment': {
    fileFields: ['file'],
    likely: ['pdf', 'png', 'docx', 'xlsx'],
    fields: (w) => ({
      order_id: String(w.bookings.received[2][1] ?? 0),
      document_type: 'other',
      description: 'SCAN',
    }),
    session: 'root',
  },
};

let unique = 0;

describeEachDatabase('hostile uploads on every multipart route', (kind) => {
  let t: TestApp;
  let world: World;
  let contents: Contents;
  let fingerprint: Awaited<ReturnType<typeof fingerprinter>>;

  beforeAll(async () => {
    // The mail outbox is written but not sent: the sender's updates would change the fingerprints.
    t = await createTestApp(kind, { env: { RATE_LIMIT_PER_MINUTE: '0', MAIL_WORKER: 'false' } });
    world = await buildWorld(t);
    fingerprint = await fingerprinter(t.database.db);
    contents = { corpus: await buildCorpus(), sheets: new Map() };
    // The world's documents are stored files: the count below is the one refused uploads must keep.
    expect(storedFileCount(t.config.dataDir)).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a hostile-upload target for every multipart route', () => {
    expect(Object.keys(UPLOADS).sort()).toEqual([...UPLOAD_ROUTES].sort());
  });

  it('answers a form whose part has no header lines at all, however long (busboy used to stall)', async () => {
    for (const size of [100, 20_000, 3_000_000]) {
      const payload = Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\n\r\n`),
        Buffer.alloc(size, 0x41),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]);
      const response = await withinBudget(
        t.app.inject({
          method: 'POST',
          url: '/api/attachment',
          headers: {
            authorization: `Bearer ${world.root.token}`,
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          },
          payload,
        }),
        () => `headerless part of ${size} bytes`,
      );
      expect(response.statusCode).toBe(400);
      expectSafeReply(response, `headerless part of ${size} bytes`);
    }
  });

  for (const [route, target] of Object.entries(UPLOADS) as [keyof typeof UPLOADS, UploadTarget][]) {
    it(`${route}: ${RUNS} hostile uploads as a member, ${ANONYMOUS_RUNS} anonymous`, async () => {
      const [method, url] = route.split(' ') as ['POST' | 'PUT', string];
      const sheet = target.sheet?.(world);
      const oversize = Buffer.alloc(
        route.includes('import') ? (route.includes('rate') ? 20 : 5) * 1024 * 1024 + 1 : 20 * 1024 * 1024 + 1,
        0x41,
      );
      contents.corpus.oversize = oversize;
      const content = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...target.likely) },
        { weight: 4, arbitrary: fc.constantFrom(...Object.keys(contents.corpus)) },
        ...(sheet
          ? [{ weight: 12, arbitrary: hostileSheet(sheet.header, sheet.row).map((s) => s.label) }]
          : []),
        {
          weight: 1,
          arbitrary: fc
            .uint8Array({ maxLength: 600 })
            .map((bytes) => `bytes:${Buffer.from(bytes).toString('hex')}`),
        },
      );
      // Mostly the name its content would have (so that uploads get past the type check), else any.
      const filePart = (field: fc.Arbitrary<string>): fc.Arbitrary<FilePart> =>
        fc
          .record({
            field,
            content,
            filename: fc.oneof(
              { weight: 2, arbitrary: fc.constant(null) },
              { weight: 1, arbitrary: fileName },
            ),
            contentType: fc.constantFrom(...CONTENT_TYPES),
          })
          .map(({ field: name, content: label, filename, contentType }) => ({
            kind: 'file' as const,
            field: name,
            filename: filename ?? naturalName(label),
            contentType,
            content: label,
          }));
      const mainFile = filePart(
        fc.oneof(
          { weight: 8, arbitrary: fc.constantFrom(...target.fileFields) },
          {
            weight: 1,
            arbitrary: fc.constantFrom('other', '__proto__', 'constructor', 'file[]', '', 'FILE'),
          },
        ),
      );
      const extra: fc.Arbitrary<Part> = fc.oneof(
        filePart(
          fc.oneof(
            { weight: 2, arbitrary: fc.constantFrom(...target.fileFields) },
            { weight: 1, arbitrary: nastyKey },
          ),
        ),
        fc.record({ kind: fc.constant<'text'>('text'), field: nastyKey, value: nastyString }),
      );
      const forms: fc.Arbitrary<Form> = fc
        .record({
          fields: hostileFields(target.fields(world)),
          files: fc.oneof(
            { weight: 8, arbitrary: fc.tuple(mainFile) },
            { weight: 1, arbitrary: fc.constant([]) },
            { weight: 1, arbitrary: fc.tuple(mainFile, mainFile) },
          ),
          extras: fc.oneof(
            { weight: 5, arbitrary: fc.constant([]) },
            { weight: 1, arbitrary: fc.array(extra, { minLength: 1, maxLength: 2 }) },
          ),
          filesFirst: fc.boolean(),
          stream: streamMutation,
          lang: hostileLang,
        })
        .map(({ fields, files, extras, filesFirst, stream, lang }) => ({
          parts: filesFirst ? [...files, ...fields, ...extras] : [...fields, ...files, ...extras],
          stream,
          lang,
        }));

      const stats = statusCounter(route);
      let lastRows = await fingerprint.written();
      let lastFiles = storedFileCount(t.config.dataDir);
      const referenceData = await fingerprint.others();
      const send = async (form: Form, authorization: string | undefined) => {
        unique += 1;
        const wantsCaptcha = form.parts.some((part) => part.kind === 'text' && part.value === 'CAPTCHA');
        const live = wantsCaptcha ? await captcha(t.app) : '';
        const parts = form.parts.map((part) => {
          if (part.kind !== 'text') return part;
          if (part.value === 'UNIQUE') return { ...part, value: `hostile-${unique}-${kind}@example.com` };
          return part.value === 'CAPTCHA' ? { ...part, value: live } : part;
        });
        const { payload, contentType } = encodeForm({ ...form, parts }, contents);
        const headers: Record<string, string> = { 'content-type': contentType };
        if (authorization !== undefined) headers.authorization = authorization;
        if (form.lang !== undefined) headers.lang = form.lang;
        const describe = () =>
          describeRequest({
            method,
            url,
            headers,
            payload: JSON.stringify(form).slice(0, 1500),
          });
        // An address per request: registrations are throttled per address (register-guard.test.ts).
        const response = await withinBudget(
          t.app.inject({ method, url, headers, payload, remoteAddress: freshAddress() }),
          describe,
        );
        const context = describeRequest({
          method,
          url,
          headers,
          payload: JSON.stringify({
            ...form,
            parts: parts.map((p) => (p.kind === 'text' ? { ...p, value: p.value.slice(0, 100) } : p)),
          }).slice(0, 1500),
        });
        stats.add(response);
        expectSafeReply(response, context);
        const rows = await fingerprint.written();
        const files = storedFileCount(t.config.dataDir);
        if (response.statusCode >= 400) {
          expect(rows, `database changed by a refused upload (${response.statusCode}): ${context}`).toBe(
            lastRows,
          );
          expect(files, `stored files changed by a refused upload: ${context}`).toBe(lastFiles);
        } else if (route === 'POST /api/attachment') {
          // A stored name never carries the client's path or control characters.
          const name = (response.json() as { data: { file: { file_name: string } } }).data.file.file_name;
          // eslint-disable-next-line no-control-regex -- control characters are what must not be there
          expect(name, context).toMatch(/^[^/\\\u0000-\u001f"]+$/);
        }
        lastRows = rows;
        lastFiles = files;
      };

      await check(
        route,
        forms,
        (form) => send(form, target.session === 'root' ? `Bearer ${world.root.token}` : undefined),
        RUNS,
      );
      await check(
        `${route} (anonymous)`,
        fc.tuple(forms, hostileAuthorization),
        ([form, authorization]) => send(form, authorization),
        ANONYMOUS_RUNS,
      );
      stats.print();
      expect(await fingerprint.others(), 'reference data (or an unlisted table) changed').toBe(referenceData);
    });
  }
});
