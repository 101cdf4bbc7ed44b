import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Which webhook targets may be called (SSRF). A target's URL is https, or http to localhost for development; its
 * addresses (every one its name resolves to, when created and again at each connection: the sender's lookup) must be
 * public unless the operator allows private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS=true).
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32]] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** True for loopback, private, link-local, shared, reserved, documentation and multicast addresses. */
export const isPrivateAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) addresses reach the IPv4 address inside.
  const embedded = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (embedded) return isPrivateAddress(embedded[1]);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const n = (parseInt(hex[1], 16) << 16) | parseInt(hex[2], 16);
    return isPrivateAddress([24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.'));
  }
  return PRIVATE.check(address, 'ipv6');
};

export class TargetRefused extends Error {
  readonly code = 'WEBHOOK_TARGET_REFUSED';
}

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The URL's own problem (scheme, credentials), or null. */
export const targetUrlProblem = (raw: string): string | null => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'targetUrl must be an absolute URL.';
  }
  if (url.username || url.password) return 'targetUrl must not carry credentials.';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && (LOCAL_NAMES.has(url.hostname) || url.hostname.endsWith('.localhost'))) return null;
  return 'targetUrl must be https (http only to localhost, for development).';
};

const resolveAll = (host: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** Refuses a URL whose host is, or resolves to, any private address (unless allowed). */
export const checkTargetAddresses = async (raw: string, allowPrivate: boolean): Promise<void> => {
  if (allowPrivate) return;
  const host = bare(new URL(raw).hostname);
  const addresses = isIP(host) ? [host] : (await resolveAll(host).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new TargetRefused(`${host} does not resolve`);
  const blocked = addresses.find(isPrivateAddress);
  if (blocked) throw new TargetRefused(`${host} resolves to ${blocked}, a private address (WEBHOOK_ALLOW_PRIVATE_TARGETS=true allows it)`);
};

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The connection's own DNS lookup: every address the name resolves to is checked at the moment of connecting, so
 * a name that resolved to a public address when the subscription was created cannot be re-pointed at a private one
 * (DNS rebinding). Literal IP hosts do not go through a lookup; the sender checks them before connecting.
 */
export const checkedLookup =
  (allowPrivate: boolean) =>
  (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true, verbatim: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, []);
      const blocked = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (blocked) return callback(new TargetRefused(`${hostname} resolves to ${blocked.address}, a private address`), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
