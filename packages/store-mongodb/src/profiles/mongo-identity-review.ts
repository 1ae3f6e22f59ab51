import type { Db } from 'mongodb';
import { mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { inTurn } from '../store/mongo-database';
import type { IdentityUnitOfWrite } from '@byline/domain/profiles/identity-unit';
import { identityUnitOver } from '@byline/domain/profiles/identity-documents';
import { profileDocumentsOf } from './mongo-profiles-collection';

/**
 * The identity review's unit of write on MongoDB: each method one read or one single-document write, awaited in
 * turn (the order is identity-changes.ts's and slug-moves.ts's, the unit the generic documents' identityUnitOver).
 */
export function mongoIdentityUnit(db: Db): IdentityUnitOfWrite {
  return identityUnitOver(profileDocumentsOf(inTurn(db)), mongoAnswersUnit(db));
}
