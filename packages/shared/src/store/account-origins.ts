/**
 * The web origins an API account allows to call the services with its keys from a browser (CORS). Origins
 * are stored normalised (see normaliseOriginList), in the order given. Part of Store.
 */
export interface AccountOrigins {
  /** The account's origins; null when no account has that email. */
  accountOrigins(email: string): Promise<string[] | null>;
  /** Replaces the account's origins (an empty list: none); false when no account has that email. */
  setAccountOrigins(email: string, origins: readonly string[]): Promise<boolean>;
  /** The origins of the account this key belongs to; [] for an unknown key. */
  originsOfKey(key: string): Promise<string[]>;
  /** Every origin some account allows, each once (what a preflight, which carries no key, may be granted). */
  allAccountOrigins(): Promise<string[]>;
}
