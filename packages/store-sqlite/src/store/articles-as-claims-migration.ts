import { EDITOR_PROVIDER, OPERATOR_PROVIDER } from '@byline/domain/proofs/claims';
import { LISTED_WHEN_APPROVED, NOT_CHECKED_YET } from '@byline/domain/articles/article-proof';
import { ARTICLE_CHECK_TOPIC } from '@byline/domain/queue/topics';

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** One live proof as JSON, in SQL (the shape of ArticleEvidence). */
const evidenceSql = (method: string, provider: { id: string; name: string }, by: string, note: string | null) =>
  `json_object('method', ${quoted(method)}, 'provider', json_object('id', ${quoted(provider.id)}, 'name', ${quoted(provider.name)}),
     'matched', NULL, 'verifiedAt', ${NOW}, 'lastCheckedAt', ${NOW}, 'by', ${by}, 'note', ${note === null ? 'NULL' : quoted(note)},
     'nextCheckAt', NULL, 'failingSince', NULL, 'lastFailure', NULL, 'endedAt', NULL, 'endedReason', NULL)`;

const provenSql = (evidence: string) =>
  `json_object('state', 'proven', 'reason', NULL, 'mention', NULL, 'evidence', json_array(${evidence}))`;

/**
 * Articles become claims (see articles/article-proof.ts): several profiles may list one address, one has it proven,
 * and `active` now means that an article counts — listed active by its owner and proven. The table is rebuilt
 * without the unique address (SQLite cannot drop a column constraint): one proven article per address and one
 * article per profile and address are partial and composite unique indexes instead. What existing articles become:
 * - a profile no portal user owns came from `byline import`: its articles are proven by `operator-import`;
 * - a portal profile an editor verified: by `editor-attestation` of the editor who verified it, "listed when the
 *   profile was approved";
 * - another portal profile's articles are claims whose pages are still to be checked (they answered nothing: the
 *   profile is not verified).
 */
export const ARTICLES_AS_CLAIMS_SQL = `
  CREATE TABLE articles_as_claims (
    id INTEGER PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    canonical_url TEXT NOT NULL,
    active INTEGER NOT NULL,
    published_at TEXT NOT NULL,
    doc TEXT NOT NULL,
    proven INTEGER NOT NULL,
    proof TEXT NOT NULL
  );
  INSERT INTO articles_as_claims (id, profile_id, canonical_url, active, published_at, doc, proven, proof)
  SELECT a.id, a.profile_id, a.canonical_url,
    CASE WHEN u.id IS NULL OR p.verified = 1 THEN a.active ELSE 0 END,
    a.published_at, a.doc,
    CASE WHEN u.id IS NULL OR p.verified = 1 THEN 1 ELSE 0 END,
    CASE
      WHEN u.id IS NULL THEN ${provenSql(evidenceSql('operator-import', OPERATOR_PROVIDER, quoted('operator:byline import'), null))}
      WHEN p.verified = 1 THEN ${provenSql(
        evidenceSql(
          'editor-attestation',
          EDITOR_PROVIDER,
          `'editor:' || coalesce((SELECT actor FROM verification_audit v WHERE v.profile_id = p.id AND v.action = 'verified' ORDER BY v.id DESC LIMIT 1), 'unknown')`,
          LISTED_WHEN_APPROVED,
        ),
      )}
      ELSE json_object('state', 'claimed', 'reason', ${quoted(NOT_CHECKED_YET)}, 'mention', NULL, 'evidence', json_array())
    END
  FROM articles a JOIN profiles p ON p.id = a.profile_id LEFT JOIN portal_users u ON u.profile_id = a.profile_id;
  DROP TABLE articles;
  ALTER TABLE articles_as_claims RENAME TO articles;
  CREATE INDEX articles_latest ON articles (profile_id, active, published_at DESC, id DESC);
  CREATE INDEX articles_lookup ON articles (canonical_url, active, profile_id);
  CREATE UNIQUE INDEX articles_proven_address ON articles (canonical_url) WHERE proven = 1;
  CREATE UNIQUE INDEX articles_profile_address ON articles (profile_id, canonical_url);
`;

/**
 * The claims 026 left unchecked get their page's first check, once, from the worker (see @byline/editorial's
 * article-recheck.ts): an item each, due at once. A claim queued already keeps its item.
 */
export const CHECK_MIGRATED_CLAIMS_SQL = `
  INSERT INTO queue_items (topic, key, payload, due_at)
  SELECT '${ARTICLE_CHECK_TOPIC}', CAST(id AS TEXT), json_object('profileId', profile_id), ${NOW} FROM articles
  WHERE proven = 0 AND json_extract(proof, '$.state') = 'claimed' AND json_extract(proof, '$.reason') = ${quoted(NOT_CHECKED_YET)}
  ON CONFLICT (topic, key) DO NOTHING;
`;
