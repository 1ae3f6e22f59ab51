/**
 * A fediverse account as `@user@host`: one leading `@` optional, the host lower-cased and in its ASCII (punycode)
 * form, so that `@Aoife@Mastodon.Social` and `aoife@mastodon.social` are written alike; the user keeps its case
 * (servers show it as registered) and is compared case-insensitively (see sameFediverseAccount). Null for
 * anything else: a value with a port, a path or a second `@` names no account a proof could be about.
 */
export function normaliseFediverseAccount(value: string): string | null {
  const match = /^@?([^@\s]+)@([^@\s]+)$/.exec(value.trim());
  if (!match) return null;
  const [, user, host] = match as unknown as [string, string, string];
  // Mastodon's usernames are letters, digits and underscores with inner dots and hyphens; other servers allow a
  // little more punctuation, never `/`, `:` or spaces.
  if (!/^[\p{L}\p{N}_][\p{L}\p{N}_.-]{0,99}$/u.test(user)) return null;
  if (/[/:?#[\]\\]/.test(host)) return null;
  let hostname: string;
  try {
    hostname = new URL(`https://${host}`).hostname;
  } catch {
    return null;
  }
  if (!hostname.includes('.') || hostname.endsWith('.')) return null;
  return `@${user}@${hostname}`;
}

/** Whether two fediverse accounts are the same: user and host compared case-insensitively. */
export function sameFediverseAccount(a: string, b: string): boolean {
  const left = normaliseFediverseAccount(a);
  const right = normaliseFediverseAccount(b);
  return left !== null && right !== null && left.toLowerCase() === right.toLowerCase();
}

/**
 * The account's profile page, `https://host/@user`: where Mastodon and most fediverse servers show an account and
 * its verified links, so it is the page a rel="me" proof of the account is read from.
 */
export function fediverseProfilePage(account: string): string | null {
  const normal = normaliseFediverseAccount(account);
  if (!normal) return null;
  const [, user, host] = normal.split('@') as [string, string, string];
  return `https://${host}/@${encodeURIComponent(user)}`;
}
