import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

// Server-side request forgery guard for addresses a tenant types (the DigiSac host). The rule is
// request-filtering-agent's, which checks the address again when the call connects: anything but
// a public unicast address is refused — loopback, private (10/8, 172.16/12, 192.168/16), link-local
// (169.254/16, where cloud metadata lives; fe80::/10), unique-local (fc00::/7, e.g. fd00:ec2::254),
// carrier-grade NAT, unspecified, multicast, reserved, and IPv4-mapped IPv6 of any of them.

/** True for a literal IP address that is not public unicast; false for a name or a public address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(bare) === 0) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() !== 'unicast';
}

/** How long saving waits for DNS; a name that does not resolve in time counts as not resolving. */
export const lookupTimeoutMs = 3000;

/**
 * The first private address `hostname` is or resolves to (every address the resolver gives), or
 * undefined. A name that does not resolve (yet) is undefined: the connect-time check covers it.
 */
export async function privateAddressOf(hostname: string, timeoutMs = lookupTimeoutMs) {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(bare) !== 0) return isPrivateAddress(bare) ? bare : undefined;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    dns.promises.lookup(bare, { all: true, verbatim: true }).catch(() => []),
    new Promise<dns.LookupAddress[]>((resolve) => {
      timer = setTimeout(() => resolve([]), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  return addresses.find((a) => isPrivateAddress(a.address))?.address;
}
