import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import net from 'node:net';

/*
 * Server-side request forgery guard for addresses the portal calls on a member's behalf (webhook
 * endpoints): private, loopback, link-local, unique-local, shared, documentation, multicast and
 * reserved ranges are refused, for IPv4 and IPv6 (IPv4-mapped and NAT64 forms included). The check
 * runs when an endpoint is registered AND inside the connection's own DNS lookup at delivery time,
 * so a name that later resolves elsewhere (DNS rebinding) is refused on the connection it would use.
 */
// Two lists: one BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules too.
const blocked4 = new net.BlockList();
const blocked6 = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped (checked as IPv4 below too)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo …)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked6.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:7f00:1 → 127.0.0.1), else undefined. */
function mappedIpv4(address: string): string | undefined {
  const match = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!match?.[1]) return undefined;
  const tail = match[1];
  if (net.isIPv4(tail)) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex?.[1] || !hex[2]) return undefined;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True when an IP address (v4 or v6) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = net.isIP(bare);
  if (family === 4) return !blocked4.check(bare, 'ipv4');
  if (family !== 6) return false;
  const v4 = mappedIpv4(bare);
  if (v4) return !blocked4.check(v4, 'ipv4');
  return !blocked6.check(bare, 'ipv6');
}

export type AddressVerdict =
  'ok' | 'webhooks.urlInvalid' | 'webhooks.httpsOnly' | 'webhooks.privateAddress' | 'webhooks.unresolvable';

/** The checks a webhook address passes at registration: scheme, then every address its name resolves to. */
export async function checkOutboundUrl(
  text: string,
  options: { allowPrivate: boolean; httpsOnly: boolean },
): Promise<AddressVerdict> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'webhooks.urlInvalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'webhooks.urlInvalid';
  if (url.username || url.password) return 'webhooks.urlInvalid';
  if (options.httpsOnly && url.protocol !== 'https:') return 'webhooks.httpsOnly';
  if (options.allowPrivate) return 'ok';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return isPublicAddress(host) ? 'ok' : 'webhooks.privateAddress';
  let addresses: LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    return 'webhooks.unresolvable';
  }
  if (addresses.length === 0) return 'webhooks.unresolvable';
  return addresses.every((entry) => isPublicAddress(entry.address)) ? 'ok' : 'webhooks.privateAddress';
}

class RefusedAddressError extends Error {
  readonly code = 'EADDRREFUSED';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request/net.connect that refuses (unless allowed) a name resolving to any
 * non-public address: the check and the connection use the same answer, so rebinding cannot slip in.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses;
      if (!allowPrivate && list.some((entry) => !isPublicAddress(entry.address))) {
        return callback(new RefusedAddressError(`${hostname} resolves to a non-public address`), []);
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new RefusedAddressError(`${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}
