import type { Request } from 'express';

/**
 * The key a throttle counts a client under: its IPv4 address, or the /64 network of its IPv6 address (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would hand an attacker 2^64 budgets).
 */
export function throttleKeyOf(address: string | undefined): string {
  if (!address) return 'unknown';
  const plain = address.replace(/%.*$/, '');
  if (!plain.includes(':')) return plain;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return mapped[1]!;
  return `${ipv6Groups(plain).slice(0, 4).join(':')}::/64`;
}

/** The client address express reports (through trusted proxies only), keyed for a throttle. */
export function throttleKeyOfRequest(req: Request): string {
  return throttleKeyOf(req.ip);
}

/** The eight groups of an IPv6 address, without leading zeros ("::" expanded; an embedded IPv4 tail is two groups). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...zeros, ...right].map((group) => (Number.parseInt(group, 16) || 0).toString(16));
}
