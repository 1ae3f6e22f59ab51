import type { Steps } from '../store/steps';
import type { Affiliation } from './staff-repository';
import type { StaffUnitOfWrite } from './staff-unit';

/**
 * An affiliation as the generic document port stores it. While it is open (invited or active) it holds its open
 * keys, `publisher profile` and `publisher email`, for the person it is with; null once it closes. MongoDB keeps
 * them, and its sparse unique indexes over them allow one open affiliation per person and publisher (FerretDB 1.x
 * has no partial indexes); SQLite keeps none of them, its partial unique indexes doing the same.
 */
export type AffiliationDocument = Affiliation & {
  openProfile: string | null;
  openEmail: string | null;
};

export type NewAffiliationDocument = Omit<AffiliationDocument, 'id'>;

/** What each database keeps of the staff's unit of write by hand: the other resources' parts of the same write. */
export type StaffStoredUnit = Pick<StaffUnitOfWrite, 'articles' | 'answers'>;

/** Runs the staff's rules as one unit of write (see documents.ts's UnitOfWrite) with the database's own parts. */
export interface StoredStaff {
  inOneWrite<T>(steps: (unit: StaffStoredUnit) => Steps<T>): Promise<T>;
}

export const openProfileKey = (publisherId: number, profileId: number): string => `${publisherId} ${profileId}`;
export const openEmailKey = (publisherId: number, email: string): string => `${publisherId} ${email}`;

export const asAffiliation = ({ openProfile: _profile, openEmail: _email, ...affiliation }: AffiliationDocument): Affiliation =>
  affiliation;
