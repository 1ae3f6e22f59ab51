/**
 * Schema versions, applied in order at open; PRAGMA user_version records how many have run.
 * Append new migrations; never edit one that has shipped.
 */
export const MIGRATIONS: string[] = [
  `
  CREATE TABLE profiles (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    verified INTEGER NOT NULL,
    active_article_count INTEGER NOT NULL DEFAULT 0,
    doc TEXT NOT NULL
  );
  CREATE TABLE articles (
    id INTEGER PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    canonical_url TEXT NOT NULL UNIQUE,
    active INTEGER NOT NULL,
    published_at TEXT NOT NULL,
    doc TEXT NOT NULL
  );
  CREATE INDEX articles_latest ON articles (profile_id, active, published_at DESC, id DESC);
  CREATE TABLE social_handles (
    social_type TEXT NOT NULL,
    handle_key TEXT NOT NULL,
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    PRIMARY KEY (social_type, handle_key)
  ) WITHOUT ROWID;
  CREATE INDEX social_handles_profile ON social_handles (profile_id);
  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'active',
    created_at TEXT NOT NULL
  );
  CREATE TABLE api_keys (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    name TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    revoked_at TEXT,
    last_used_at TEXT
  );
  CREATE INDEX api_keys_account ON api_keys (account_id);
  `,
];
