/**
 * Requests the server makes to addresses users chose (camera URLs, push endpoints): a request
 * forgery risk, met by refusing internal addresses (private, loopback, link-local, carrier-grade
 * NAT, multicast, unspecified) on the address actually connected to: `publicOnlyLookup` is the
 * DNS lookup of such a request, so a name cannot resolve to a public address for a check and to
 * an internal one for the connection.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isInternalAddress(mapped);
  const family = isIP(address);
  return family === 0 || INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A DNS lookup for http(s).request that fails with `refusal()` when a name resolves to an internal address. */
export function publicOnlyLookup(refusal: () => Error): LookupFunction {
  return (hostname, options, callback) =>
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (addresses.some((a) => isInternalAddress(a.address))) return callback(refusal(), '', 0);
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
}
