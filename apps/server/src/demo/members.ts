import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { FORWARDER_AUTHORITIES, MEMBER_AUTHORITIES } from '@freight/contract';
import type { Actor } from '../modules/activity/service.js';
import { updateProfile } from '../modules/users/profile.js';
import { createMember } from '../modules/users/service.js';
import type { Db } from '../platform/db.js';
import type { KvStore } from '../platform/kv.js';
import type { FileStorage } from '../platform/storage.js';
import type { DemoCompany } from './companies.js';
import type { Reference } from './lookup.js';
import { logoPng } from './logos.js';

export type SeedDeps = { db: Db; storage: FileStorage; kv: KvStore; log: FastifyBaseLogger };
export type DemoMember = {
  companyId: number;
  ownerPersonId: number;
  username: string;
  authorities: string[];
  company: DemoCompany;
  /** the company's owner, who makes the demo's changes (and so appears in its activity trail) */
  actor: Actor;
};

/** An account nobody is told the password of: 24 random bytes. */
export const unknownPassword = () => randomBytes(24).toString('base64url');

/** The companies' logos, drawn on the thread pool while other work goes on. */
export async function drawLogos(companies: DemoCompany[]): Promise<Map<string, Buffer>> {
  const pngs = await Promise.all(companies.map((company) => logoPng(company.logo)));
  return new Map(companies.map((company, i) => [company.key, pngs[i] as Buffer]));
}

const ids = (codes: string[], of: (code: string) => number) => codes.map(of);

/** Creates a demo member as the admin CLI does (createMember): a forwarder gets rate and quote_forwarder. */
export async function createDemoMember(
  deps: SeedDeps,
  ref: Reference,
  { company: c, password }: { company: DemoCompany; password: string },
): Promise<DemoMember> {
  const user = await createMember({
    db: deps.db,
    username: c.username,
    password,
    company1: c.company1,
    company2: c.company2,
    linkman: c.linkman,
    phone: c.phone,
    city: c.city,
    address1: c.address1,
    countryId: ref.country('CN'),
    isForwarder: c.isForwarder,
    authorities: c.isForwarder ? FORWARDER_AUTHORITIES : MEMBER_AUTHORITIES,
    profile: c.profile,
    businesses: ids(c.businesses, ref.business),
    routes: ids(c.routes, ref.route),
    ports: ids(c.ports, ref.port),
  });
  return {
    companyId: user.id,
    ownerPersonId: user.ownerPersonId,
    username: user.username,
    authorities: user.authorities,
    company: c,
    actor: { companyId: user.id, personId: user.ownerPersonId, name: c.linkman },
  };
}

/**
 * Completes each member's profile and uploads its logo through the profile page's use case
 * (updateProfile), so the logos are stored, thumbnailed and served like any member's.
 */
export async function completeProfiles(
  deps: SeedDeps,
  ref: Reference,
  members: DemoMember[],
  logos: Map<string, Buffer>,
): Promise<void> {
  for (const { company: c, companyId, ownerPersonId } of members) {
    await updateProfile({
      ...deps,
      userId: companyId,
      personId: ownerPersonId,
      sessionId: undefined,
      address: '127.0.0.1',
      sent: {
        json: {
          linkman: c.linkman,
          phone: c.phone,
          company1: c.company1,
          company2: c.company2,
          address1: c.address1,
          address2: c.address2,
          city: c.city,
          province: c.province,
          zip_code: c.zip_code,
          country_id: ref.country('CN'),
          credit_no: c.credit_no,
          profile: c.profile,
          industries: ids(c.industries, ref.industry).join(','),
          businesses: ids(c.businesses, ref.business).join(','),
          routes: ids(c.routes, ref.route).join(','),
          ports: ids(c.ports, ref.port).join(','),
        },
        files: { logo: logos.get(c.key) },
      },
    });
  }
}
