/**
 * Statements on the records both embedded stores write (the verifiers' store on import, the portal's on
 * edits). One definition each, so the invariants the verifiers read — above all the denormalised
 * active-article count — are kept the same way by both.
 */

/** Parameters: profile id, profile id. */
export const RECOUNT_ACTIVE_ARTICLES_SQL =
  'UPDATE profiles SET active_article_count = (SELECT count(*) FROM articles WHERE profile_id = ? AND active = 1) WHERE id = ?';

/** Parameters: profile id. */
export const DELETE_PROFILE_HANDLES_SQL = 'DELETE FROM social_handles WHERE profile_id = ?';

/** Parameters: social type, handle key, profile id. */
export const INSERT_HANDLE_SQL = 'INSERT INTO social_handles (social_type, handle_key, profile_id) VALUES (?, ?, ?)';
