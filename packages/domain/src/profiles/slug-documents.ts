import type { DocumentSteps } from '../documents/documents';
import { unlessTaken } from '../documents/unless-taken';
import { mapStep, step, stepOf, type Step, type Steps } from '../store/steps';
import type { SlugsUnit } from './identity-unit';
import type { FormerSlugDocument, ProfileDocument } from './profile-documents';

/** The profiles and their former slugs, as steps of the unit of write they are in. */
export interface SlugDocuments {
  profiles: DocumentSteps<ProfileDocument>;
  formerSlugs: DocumentSteps<FormerSlugDocument>;
}

/**
 * What each database keeps of the slugs' unit by hand: the move itself, one write of the slug and the profile's own
 * copy of it inside the profile (which the generic documents write only whole), its event in that same write.
 */
export type StoredSlugsUnit = Pick<SlugsUnit, 'writeSlug'>;

const done = (): Step<void> => undefined;

/** The slugs' unit of write (see SlugsUnit): who holds a slug and the former slugs, written once over the documents' steps. */
export function slugsUnitOver({ profiles, formerSlugs }: SlugDocuments, stored: StoredSlugsUnit): SlugsUnit {
  function* keepFormer(slug: string, profileId: number, leftAt: string): Steps<void> {
    const kept = { profileId, leftAt };
    // Replacing any record of it: written over when there is one, else inserted (one written meanwhile is written over).
    if ((yield* step(formerSlugs.updateAll({ slug }, kept))) > 0) return;
    yield* step(
      unlessTaken(
        () => mapStep(formerSlugs.insert({ slug, ...kept }), () => 1),
        () => formerSlugs.updateAll({ slug }, kept),
      ),
    );
  }

  return {
    ...stored,
    holder: (slug) => mapStep(profiles.first({ slug }), (profile) => profile?.id ?? null),
    formerHolder: (slug) => mapStep(formerSlugs.first({ slug }), (record) => record?.profileId ?? null),
    keepFormer: (slug, profileId, at) => stepOf(keepFormer(slug, profileId, at)),
    dropFormer: (slug, profileId) => mapStep(formerSlugs.deleteAll({ slug, profileId }), done),
  };
}
