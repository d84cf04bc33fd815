import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config.ts';

// Server-side request forgery guard for addresses a tenant types (the DigiSac host), and the DNS
// look-ups behind it. The rule: anything but a public unicast address is refused — loopback,
// private (10/8, 172.16/12, 192.168/16), link-local (169.254/16, where cloud metadata lives;
// fe80::/10), unique-local (fc00::/7, e.g. fd00:ec2::254), carrier-grade NAT, unspecified,
// multicast, reserved, and IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d) IPv6 of
// any of them. The DigiSac client checks the address again when its socket connects.
//
// Names are resolved with dns.Resolver (c-ares: non-blocking sockets on the event loop), never
// with dns.lookup, whose getaddrinfo runs on libuv's 4-thread pool — the pool that reads files and
// runs every other name look-up of the process (PostgreSQL, SMTP, the LLM provider, the JWKS by
// name): a tenant-typed name whose name server never answers would hold a pool thread for each
// look-up, and every other look-up would queue behind them (measured: 100 s for 'localhost',
// bench/availability.ts). Each look-up has a deadline
// (DNS_TIMEOUT_MS) and a process holds at most DNS_MAX_CONCURRENT_LOOKUPS of them at once, one
// tenant at most DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT of those (so one tenant's hanging names
// cannot use up the process's slots); beyond either, a look-up fails at once (DnsBusyError, a 429)
// instead of queueing. The Resolver reads no
// /etc/hosts: IP literals are not resolved, and `localhost` (and *.localhost, RFC 6761) is
// loopback without asking anyone.

/** The IPv4 address an IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d) address carries. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  const zeros = parts.slice(0, 5).every((p) => p === 0);
  if (!zeros) return undefined;
  const mapped = parts[5] === 0xffff;
  // ::/96 but not :: and ::1 themselves (unspecified and loopback, refused as such).
  const compatible = parts[5] === 0 && ((parts[6] ?? 0) !== 0 || (parts[7] ?? 0) > 1);
  if (!mapped && !compatible) return undefined;
  const [high = 0, low = 0] = [parts[6], parts[7]];
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** True for a literal IP address that is not public unicast; false for a name or a public address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(bare) === 0) return false;
  // ipaddr.parse reads '::a.b.c.d' as '::ffff:a.b.c.d' (2.5.0); the URL parser gives '::7f00:1'
  // for it. Both end up here as parts and are judged by the IPv4 address they carry.
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') parsed = embeddedIPv4(parsed as ipaddr.IPv6) ?? parsed;
  return parsed.range() !== 'unicast';
}

/** `localhost` and its subdomains: loopback by definition (RFC 6761), never sent to DNS. */
export const isLocalhostName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname);

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** More look-ups at once than DNS_MAX_CONCURRENT_LOOKUPS allows: answered at once, not queued. */
export class DnsBusyError extends Error {
  readonly code = 'EDNSBUSY';
  constructor(readonly limit: number) {
    super(`more than ${limit} DNS look-ups at once`);
  }
}

export interface HostResolverOptions {
  /** Name servers (`ip` or `ip:port`, `[ipv6]:port`); default: the system's (dns.getServers()). */
  servers?: string[];
  timeoutMs: number;
  maxConcurrent: number;
  /** Look-ups at once of one key (a tenant id) passed to addresses(); default: no sub-cap. */
  maxConcurrentPerKey?: number;
}

/**
 * DNS look-ups off the thread pool, with a deadline each and a cap on how many run at once. Each
 * look-up has a Resolver (a c-ares channel) of its own, cancelled at the deadline: c-ares checks
 * its own timeouts only about once a second, and cancelling ends the queries (and frees the slot)
 * when the deadline says, not later.
 */
export class HostResolver {
  private readonly servers: string[];
  private inFlight = 0;
  /** Look-ups running now per key (a tenant id); a key with none is absent. */
  private readonly inFlightByKey = new Map<string, number>();

  constructor(readonly options: HostResolverOptions) {
    this.servers = options.servers?.length ? options.servers : dns.getServers();
    // Fails now (at start) on a server list c-ares does not take, not at the first look-up.
    this.channel();
  }

  private channel() {
    // One try per server: the deadline bounds the whole look-up anyway.
    const resolver = new dns.promises.Resolver({ timeout: this.options.timeoutMs, tries: 1 });
    resolver.setServers(this.servers);
    return resolver;
  }

  /** Look-ups running now (each holds its slot until it is answered or its deadline passes). */
  get running() {
    return this.inFlight;
  }

  /** Look-ups of `key` (a tenant id) running now. */
  runningFor(key: string) {
    return this.inFlightByKey.get(key) ?? 0;
  }

  /**
   * Every address `hostname` is or resolves to (A and AAAA); [] when it does not resolve, or not
   * within the deadline. IP literals are answered as they are; localhost as loopback. Throws
   * DnsBusyError when DNS_MAX_CONCURRENT_LOOKUPS look-ups are already running, or (with a `key`,
   * the tenant the look-up is for) DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT of that key's.
   */
  async addresses(hostname: string, key?: string): Promise<ResolvedAddress[]> {
    const bare = hostname.replace(/^\[(.*)\]$/, '$1');
    const family = net.isIP(bare);
    if (family !== 0) return [{ address: bare, family: family as 4 | 6 }];
    if (isLocalhostName(bare)) {
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ];
    }
    if (this.inFlight >= this.options.maxConcurrent) throw new DnsBusyError(this.options.maxConcurrent);
    const perKey = this.options.maxConcurrentPerKey;
    if (key !== undefined && perKey !== undefined && this.runningFor(key) >= perKey) {
      throw new DnsBusyError(perKey);
    }
    const name = bare.replace(/\.$/, '');
    // The channel first: the slot is taken only once nothing but the look-up can fail, and the
    // finally gives it back whatever happens.
    const resolver = this.channel();
    this.inFlight++;
    if (key !== undefined) this.inFlightByKey.set(key, this.runningFor(key) + 1);
    let timer: NodeJS.Timeout | undefined;
    let v4: string[];
    let v6: string[];
    try {
      // At the deadline the queries are cancelled: they end (ECANCELLED → no addresses) at once.
      timer = setTimeout(() => resolver.cancel(), this.options.timeoutMs);
      [v4, v6] = await Promise.all([
        resolver.resolve4(name).catch(() => [] as string[]),
        resolver.resolve6(name).catch(() => [] as string[]),
      ]);
    } finally {
      clearTimeout(timer);
      this.inFlight--;
      if (key !== undefined) {
        const left = this.runningFor(key) - 1;
        if (left > 0) this.inFlightByKey.set(key, left);
        else this.inFlightByKey.delete(key);
      }
    }
    return [
      ...v4.map((address) => ({ address, family: 4 as const })),
      ...v6.map((address) => ({ address, family: 6 as const })),
    ];
  }

  /**
   * A `lookup` for net/https.request that uses this resolver, so the socket connects to an address
   * it gave. With `refusePrivate`, any non-public address fails the look-up (AddressRefusedError):
   * the connect-time half of the address check. A name without addresses fails with ENOTFOUND.
   * `key` (the tenant) counts the look-ups against its sub-cap, as addresses() does.
   */
  lookupFunction(refusePrivate: boolean, key?: string) {
    return (
      hostname: string,
      options: { all?: boolean; family?: number | string } | number | undefined,
      callback: (
        err: NodeJS.ErrnoException | null,
        address: string | ResolvedAddress[],
        family?: number,
      ) => void,
    ) => {
      const all = typeof options === 'object' && options?.all === true;
      const wanted = typeof options === 'object' ? Number(options?.family ?? 0) : Number(options ?? 0);
      this.addresses(hostname, key).then(
        (found) => {
          if (refusePrivate && found.some((a) => isPrivateAddress(a.address))) {
            return callback(new AddressRefusedError(hostname), all ? [] : '');
          }
          const usable = wanted === 4 || wanted === 6 ? found.filter((a) => a.family === wanted) : found;
          const first = usable[0];
          if (!first) {
            const err: NodeJS.ErrnoException = new Error(`no address for ${hostname}`);
            err.code = 'ENOTFOUND';
            return callback(err, all ? [] : '');
          }
          if (all) callback(null, usable);
          else callback(null, first.address, first.family);
        },
        (err: Error) => callback(err, all ? [] : ''),
      );
    };
  }
}

/** A name resolved to an address the rule refuses, found when the call connects. */
export class AddressRefusedError extends Error {
  readonly code = 'EADDRREFUSED';
  constructor(hostname: string) {
    super(`${hostname} resolves to an address that is not public`);
  }
}

type DnsConfig = Pick<
  Config,
  'DNS_SERVERS' | 'DNS_TIMEOUT_MS' | 'DNS_MAX_CONCURRENT_LOOKUPS' | 'DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT'
>;
const resolvers = new WeakMap<DnsConfig, HostResolver>();

/** The process's resolver for this configuration (one per app: its cap is the process's). */
export function hostResolverFor(config: DnsConfig): HostResolver {
  let resolver = resolvers.get(config);
  if (!resolver) {
    resolver = new HostResolver({
      servers: config.DNS_SERVERS,
      timeoutMs: config.DNS_TIMEOUT_MS,
      maxConcurrent: config.DNS_MAX_CONCURRENT_LOOKUPS,
      maxConcurrentPerKey: config.DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT,
    });
    resolvers.set(config, resolver);
  }
  return resolver;
}

/**
 * The first non-public address `hostname` is or resolves to (every address the resolver gives),
 * or undefined. A name that does not resolve (or not in time) is undefined: the connect-time
 * check covers it. Throws DnsBusyError beyond the concurrency caps (`key`: the tenant's).
 */
export async function privateAddressOf(resolver: HostResolver, hostname: string, key?: string) {
  const addresses = await resolver.addresses(hostname, key);
  return addresses.find((a) => isPrivateAddress(a.address))?.address;
}

/**
 * The agents of the outbound calls to tenant-typed or subscriber-given hosts (DigiSac, push
 * services): request-filtering-agent's, which refuse a private address when the socket connects
 * (loaded by the first call, one pair per process: a start makes none, issue 33), or plain ones
 * where private hosts are allowed (tests, a DigiSac on the company's network).
 */
export interface OutboundAgents {
  https: https.Agent;
  http: http.Agent;
}
let filtering: Promise<OutboundAgents> | undefined;
const plainAgents: OutboundAgents = { https: new https.Agent(), http: new http.Agent() };
export function outboundAgents(allowPrivateHosts: boolean): Promise<OutboundAgents> {
  if (allowPrivateHosts) return Promise.resolve(plainAgents);
  filtering ??= import('request-filtering-agent').then((m) => ({
    https: new m.RequestFilteringHttpsAgent(),
    http: new m.RequestFilteringHttpAgent(),
  }));
  return filtering;
}

/** request-filtering-agent's refusals are plain Errors with this wording (pinned version 3.2.1). */
export const isRefusedAddress = (err: Error) => /is not allowed\. Because/.test(err.message);
