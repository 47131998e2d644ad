import { isIPv6 } from "node:net";

/**
 * The key a client is counted under: its IPv4 address, or the /64 network of an IPv6 one (RFC 6177: one subscriber
 * gets a /64, so counting single IPv6 addresses would give one client 2^64 counters).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = "", tail] = address.split("::");
  const groups = (part: string) => (part ? part.split(":").flatMap(ipv4AsGroups) : []);
  const full =
    tail === undefined
      ? groups(head)
      : [...groups(head), ...Array(8 - groups(head).length - groups(tail).length).fill("0"), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * The key of the client that sent `req`: Express's `req.ip` (the X-Forwarded-For hop the app's `trust proxy` names,
 * i.e. the gateway's view of the client), counted as {@link clientKey} says.
 */
export const requestClientKey = (req: { ip?: string | undefined; socket: { remoteAddress?: string | undefined } }) =>
  clientKey(req.ip ?? req.socket.remoteAddress ?? "unknown");

// An IPv6 address may end in dotted IPv4 (::ffff:1.2.3.4 is handled above; 64:ff9b::1.2.3.4 here): two groups.
function ipv4AsGroups(group: string): string[] {
  if (!group.includes(".")) return [group];
  const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
