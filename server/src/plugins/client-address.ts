import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { TrustProxy } from './env.ts';

/** The prefix an IPv6 subscriber gets for itself: every address inside it is one customer. */
const IPV6_SUBSCRIBER_PREFIX = 64;

/**
 * The network a request comes from, as the per-address limits count it: an IPv4 address as it
 * is (an IPv4-mapped IPv6 address as its IPv4), an IPv6 address as its /64. A phone or a home
 * router is handed a whole /64, so counting single IPv6 addresses would give one client 2^64
 * fresh allowances. Anything unparsable is returned unchanged: it still names one client.
 */
export function clientNetwork(ip: string | undefined): string {
  if (!ip) return 'unknown';
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return ip;
  }
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(
    `${address.toString()}/${IPV6_SUBSCRIBER_PREFIX}`,
  );
  return `${prefix.toString()}/${IPV6_SUBSCRIBER_PREFIX}`;
}

/**
 * An opaque, stable key for a client network, for what is stored: with a secret of the
 * database's own, the key cannot be turned back into an address by hashing all of them.
 */
export function addressKey(secret: string, ip: string | undefined): string {
  return createHmac('sha256', secret).update(clientNetwork(ip)).digest('hex').slice(0, 32);
}

/**
 * Fastify's `trustProxy` for the TRUST_PROXY setting. Fastify reads X-Forwarded-For from the
 * right, one hop at a time, while the peer it came from is trusted: the client's address is the
 * first hop that is not. A hop count becomes a function of the hop's position, because Fastify 5
 * takes a bare number as "trust nobody"; a list of the proxies' addresses is Fastify's own.
 */
export function trustProxyOption(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
