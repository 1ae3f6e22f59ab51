/**
 * The web origins an API account allows to call the services with its keys from a browser (CORS). Origins
 * are stored normalised (see normaliseOriginList), in the order given. Part of Store.
 */
export interface AccountOrigins {
  /** The account's origins; null when no account has that email. */
  accountOrigins(email: string): Promise<string[] | null>;
  /** Replaces the account's origins (an empty list: none); false when no account has that email. */
  setAccountOrigins(email: string, origins: readonly string[]): Promise<boolean>;
  /** The origins this key may be used from: a browser key's own, else its account's; [] for an unknown key. */
  originsOfKey(key: string): Promise<string[]>;
  /**
   * Every origin some account or some unrevoked browser key allows, each once, in code-point order: what a
   * preflight, which carries no key, may be granted.
   */
  allAllowedOrigins(): Promise<string[]>;
}
