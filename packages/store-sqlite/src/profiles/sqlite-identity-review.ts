import type Database from 'better-sqlite3';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import type { IdentityUnitOfWrite } from '@byline/domain/profiles/identity-unit';
import { identityUnitOver } from '@byline/domain/profiles/identity-documents';
import { profileDocumentsOn } from './sqlite-profiles-table';

/**
 * The identity review's unit of write inside a transaction the caller holds on `db` (the rules are
 * identity-changes.ts's and slug-moves.ts's, the unit the generic documents' identityUnitOver; one transaction, so
 * nothing moves between a read and a write).
 */
export function sqliteIdentityUnit(db: Database.Database): IdentityUnitOfWrite {
  return identityUnitOver(profileDocumentsOn(db), sqliteAnswersUnit(db));
}
