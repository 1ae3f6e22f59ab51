import type { Db } from 'mongodb';
import { MongoDocuments } from '../documents/mongo-documents';
import { inTurn, type MongoDatabase } from '../store/mongo-database';
import { CLAIMS_COLLECTION, EVIDENCE_COLLECTION } from '../claims/mongo-claim-collections';
import { STAFF_COLLECTION } from '../staff/mongo-staff-collections';
import { PUBLISHER_DOMAINS_COLLECTION, PUBLISHERS_COLLECTION } from '../publishers/mongo-publisher-collections';
import { runInTurn } from '@byline/domain/store/steps';
import type { VerifiedIdentity } from '@byline/domain/claims/verified-identity';
import { evidenceOfProfiles, type EvidenceDocuments } from '@byline/domain/evidence/evidence-documents';

/**
 * What a profile's evidence is read from in MongoDB, over the generic documents (see evidenceOfProfiles): each call
 * run by `database` (inTurn: inside the caller's run).
 */
export function mongoEvidenceDocuments(database: MongoDatabase): EvidenceDocuments {
  return {
    claims: new MongoDocuments(database, CLAIMS_COLLECTION),
    evidence: new MongoDocuments(database, EVIDENCE_COLLECTION),
    staff: new MongoDocuments(database, STAFF_COLLECTION),
    publishers: new MongoDocuments(database, PUBLISHERS_COLLECTION),
    domains: new MongoDocuments(database, PUBLISHER_DOMAINS_COLLECTION),
  };
}

/** A profile's live evidence in MongoDB, as its answers render it (see evidenceOfProfiles). */
export async function readEvidenceOf(db: Db, profileId: number): Promise<VerifiedIdentity[]> {
  return (await readEvidenceOfProfiles(db, [profileId])).get(profileId) ?? [];
}

/** readEvidenceOf for many profiles at once. */
export function readEvidenceOfProfiles(db: Db, profileIds: number[]): Promise<Map<number, VerifiedIdentity[]>> {
  return runInTurn(evidenceOfProfiles(mongoEvidenceDocuments(inTurn(db)), profileIds));
}
