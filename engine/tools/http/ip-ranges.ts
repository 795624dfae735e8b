/**
 * Which IP addresses the HTTP tool must never connect to: loopback, private,
 * link-local (cloud metadata lives there), CGNAT, multicast, broadcast and other
 * special-purpose ranges, in both families, including IPv6 forms that embed one of
 * those IPv4 addresses (`::ffff:127.0.0.1`, NAT64, 6to4).
 */
import { BlockList, isIPv4, isIPv6 } from "node:net";

const IPV4_BLOCKED: Array<[string, number]> = [
  ["0.0.0.0", 8], // "this network", includes the unspecified address
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, includes broadcast 255.255.255.255
];

const IPV6_BLOCKED: Array<[string, number]> = [
  ["::", 96], // unspecified, loopback, IPv4-compatible
  ["100::", 64], // discard-only
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (private)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routable on some networks)
  ["ff00::", 8], // multicast
];

const blockList = new BlockList();
for (const [net, prefix] of IPV4_BLOCKED) blockList.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of IPV6_BLOCKED) blockList.addSubnet(net, prefix, "ipv6");

/** Expand a valid IPv6 address to its 8 hextets. */
function ipv6Hextets(address: string): number[] {
  // A trailing dotted quad (`::ffff:127.0.0.1`) is rewritten as two hextets first.
  const text = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a, b, c, d) =>
    `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`,
  );
  const parse = (part: string) => part.split(":").filter(Boolean).map((h) => parseInt(h, 16));
  const gap = text.indexOf("::");
  if (gap < 0) return parse(text);
  const left = parse(text.slice(0, gap));
  const right = parse(text.slice(gap + 2));
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv6 address embeds by a well-known mapping, if any. */
function embeddedIPv4(address: string): string | undefined {
  const h = ipv6Hextets(address);
  if (h.length !== 8) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => h.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && h[5] === 0xffff) return v4(h[6], h[7]); // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 4) && h[4] === 0xffff && h[5] === 0) return v4(h[6], h[7]); // ::ffff:0:a.b.c.d (translated)
  if (h[0] === 0x64 && h[1] === 0xff9b && zeros(2, 6)) return v4(h[6], h[7]); // 64:ff9b::/96 (NAT64)
  if (h[0] === 0x2002) return v4(h[1], h[2]); // 2002::/16 (6to4)
  return undefined;
}

/**
 * True when connecting to `address` could reach this machine, its network or a
 * metadata service. Anything that is not a valid IP literal counts as blocked, so a
 * caller that passes the wrong thing fails closed.
 */
export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (isIPv4(ip)) return blockList.check(ip, "ipv4");
  if (!isIPv6(ip)) return true;
  if (blockList.check(ip, "ipv6")) return true;
  const inner = embeddedIPv4(ip);
  return inner !== undefined && blockList.check(inner, "ipv4");
}
