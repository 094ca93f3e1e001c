import { limits, messages } from '@commons/shared';

/** What the block-IP form sends (API.md §16.3), or the first problem with what was typed. */
export type BlockInput =
  | { ok: true; body: { address: string; expiresIn: number | null; note: string } }
  | { ok: false; field: 'address' | 'expiresIn'; message: string };

/**
 * A `*` stands for a whole part and only at the end (secondary §5): `10.0.*.*` is fine, `10.*.0.1`,
 * `10.0.1*.*` and a wildcard with a prefix length are not. IPv4 parts are separated by dots, IPv6 parts by colons.
 */
export function wildcardProblem(address: string): string | null {
  if (!address.includes('*')) return null;
  if (address.includes('/')) return messages.admin.invalidWildcard;
  const parts = address.split(address.includes(':') ? ':' : '.');
  let seenWildcard = false;
  for (const part of parts) {
    if (part === '*') seenWildcard = true;
    else if (part.includes('*') || seenWildcard) return messages.admin.invalidWildcard;
  }
  return null;
}

/** Hours as the server reads them: empty means never; otherwise a plain decimal number. */
export function parseExpiresIn(text: string): number | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(value)) return undefined;
  return Number(value);
}

/**
 * The form's own checks before sending: the wildcard rule and a numeric expiry. Whether the rest is an
 * address or a CIDR the server decides, and its message is shown as 'Error blocking IP: …'.
 */
export function readBlockInput(address: string, expiresIn: string, note: string): BlockInput {
  const trimmed = address.trim();
  const wildcard = wildcardProblem(trimmed);
  if (wildcard) return { ok: false, field: 'address', message: wildcard };
  const hours = parseExpiresIn(expiresIn);
  if (hours === undefined) return { ok: false, field: 'expiresIn', message: messages.admin.invalidExpiresIn };
  return { ok: true, body: { address: trimmed, expiresIn: hours, note: note.trim() } };
}

/** An IP block's range as people write it: the address, with its prefix length for a network. */
export function blockRange(block: { ip: string; maskedBits: number }): string {
  return block.maskedBits > 0 ? `${block.ip}/${block.maskedBits}` : block.ip;
}

/** A block names at most 10 of its associated users and counts the rest (secondary §9). */
export function associatedUsers(names: string[]): { shown: string[]; more: number } {
  return {
    shown: names.slice(0, limits.ipBlockUsersShown),
    more: Math.max(0, names.length - limits.ipBlockUsersShown),
  };
}
