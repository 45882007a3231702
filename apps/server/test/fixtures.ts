import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@freight/contract';
import sharp from 'sharp';
import { insertPerson } from '../src/modules/users/people-repo.js';
import { hashPassword } from '../src/platform/password.js';
import { call, type TestApp } from './helpers.js';

export type Envelope<T = unknown> = {
  code: number;
  msg: string;
  data: T;
  errors?: { field: string; message: string }[];
};

/** Test apps run with CAPTCHA_FIXED, so every captcha answers this. */
export const TEST_CAPTCHA = 'test';

let counter = 0;
/** A fresh, unique e-mail address per call. */
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

export async function captcha(app: FastifyInstance): Promise<string> {
  const reply = await call<Envelope<{ captcha_id: string; image: string }>>(app, {
    method: 'GET',
    url: '/api/system/captcha',
  });
  return reply.body.data.captcha_id;
}

export async function login(app: FastifyInstance, username: string, password: string, lang?: 'cn' | 'en') {
  return call<Envelope<{ token: string }>>(app, {
    method: 'POST',
    url: '/api/system/login',
    payload: { username, password, captcha_id: await captcha(app), captcha: TEST_CAPTCHA },
    lang,
  });
}

/** A real image of the given format and size, made with sharp. */
export async function image(format: 'png' | 'jpeg', width = 64, height = 48): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 108, g: 186, b: 169 } } });
  return format === 'png'
    ? base.png().toBuffer()
    : base
        .jpeg()
        .withExif({ IFD0: { Copyright: 'secret-exif' } })
        .toBuffer();
}

type Part =
  { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** Builds a multipart/form-data body by hand, so tests control every byte (names, types, duplicates). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Valid registration fields; override any of them. */
export function registrationForm(
  overrides: Record<string, string> = {},
  countryId = 1,
): Record<string, string> {
  return {
    username: uniqueEmail(),
    password: 'quay-lantern-42',
    linkman: 'Wang Fang',
    first_name: 'Wang Fang',
    phone: '+8613800000000',
    company1: 'Acme Trading Co., Ltd',
    company2: '艾克米贸易有限公司',
    address1: '1 Harbour Road',
    city: 'Shanghai',
    country_id: String(countryId),
    ...overrides,
  };
}

export function fieldsToParts(fields: Record<string, string>): Part[] {
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

let addresses = 0;
/**
 * A client address of its own for each registration: suites register many members, and the
 * registration throttle (10 an hour per address) is proved in register-guard.test.ts.
 */
export const freshAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

/** Registers through the API with a fresh captcha (answered by CAPTCHA_FIXED) unless `fields` has one. */
export async function register(
  app: FastifyInstance,
  fields: Record<string, string>,
  files: Part[] = [],
  lang?: 'cn' | 'en',
) {
  const human: Record<string, string> =
    'captcha_id' in fields ? {} : { captcha_id: await captcha(app), captcha: TEST_CAPTCHA };
  const form = multipart([...fieldsToParts({ ...fields, ...human }), ...files]);
  return call<Envelope<{ id: number; username: string; token: string }>>(app, {
    method: 'POST',
    url: '/api/userinfo',
    payload: form.payload,
    headers: form.headers,
    remoteAddress: freshAddress(),
    lang,
  });
}

/** A new person of a company with this role, written to the database and signed in. */
export async function signedInPerson(t: TestApp, companyId: number, name: string, role: Role) {
  const email = uniqueEmail(name).toLowerCase();
  const person = await insertPerson(t.database.db, {
    companyId,
    email,
    passwordHash: await hashPassword('quay-lantern-42'),
    name: name.toUpperCase(),
    role,
  });
  const token = (await login(t.app, email, 'quay-lantern-42')).body.data.token;
  return { token, companyId, personId: person.id, email };
}

/**
 * The body of a one-container FCL booking, Shanghai → Rotterdam with Maersk, ready in three days:
 * `ref` holds the reference ids by short name (sha, rtm, maersk, gp20, rf40, fr40, ct), as the suites look them up.
 */
/** The ids of the reference data that fclBookingBody's `ref` names, looked up through the API. */
export async function bookingRefs(app: FastifyInstance): Promise<Record<string, number>> {
  const ref: Record<string, number> = {};
  for (const [key, list, code] of [
    ['maersk', 'carrier', 'MAEU'],
    ['sha', 'port', 'CNSHA'],
    ['rtm', 'port', 'NLRTM'],
    ['gp20', 'container', '20GP'],
    ['rf40', 'container', '40RF'],
    ['fr40', 'container', '40FR'],
    ['ct', 'unit', 'CT'],
    ['bg', 'unit', 'BG'],
  ] as const) {
    const found = await call<Envelope<{ lists: { id: number; code: string }[] }>>(app, {
      method: 'GET',
      url: `/api/${list}?keyword=${code}`,
    });
    ref[key] = found.body.data.lists.find((item) => item.code === code)?.id ?? 0;
  }
  return ref;
}

export function fclBookingBody(options: {
  ref: Record<string, number>;
  forwarderId: number | undefined;
  shipperId: number | undefined;
  consigneeId: number | undefined;
}) {
  const { ref } = options;
  return {
    container_mode: 1,
    forwarder_id: options.forwarderId,
    shipper_id: options.shipperId,
    consignee_id: options.consigneeId,
    ready_date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    incoterm: 'FOB',
    pol_id: ref.sha,
    pod_id: ref.rtm,
    to_id: ref.rtm,
    carrier_id: ref.maersk,
    containers: [
      {
        container_id: ref.gp20,
        quantity: 1,
        hs_code: '847130',
        description: 'LAPTOP COMPUTERS',
        packages: 10,
        unit_id: ref.ct,
        weight: '1000',
        volume: '10',
      },
    ],
  };
}

/** A contact of the book, named after its `key` (shipper, consignee …), with a whole address. */
export function contactBody(key: string, type = key) {
  return {
    type,
    company1: `${key.toUpperCase()} TRADING CO., LTD`,
    linkman: 'WANG FANG',
    address1: 'NO. 1 HARBOUR ROAD',
    city: 'NINGBO',
    country_id: 1,
    phone: '+8657487000001',
    email: `${key}@example.com`,
  };
}
