/**
 * Statements on the social handles that several embedded writers use (the import, the claims), defined once.
 * See profile-records.ts for the fields derived from profiles.
 */

/** Parameters: profile id. */
export const DELETE_PROFILE_HANDLES_SQL = 'DELETE FROM social_handles WHERE profile_id = ?';

/** Parameters: social type, handle key, profile id. */
export const INSERT_HANDLE_SQL = 'INSERT INTO social_handles (social_type, handle_key, profile_id) VALUES (?, ?, ?)';
