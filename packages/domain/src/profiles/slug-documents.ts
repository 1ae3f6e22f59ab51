import { UniqueTakenError, type DocumentSteps } from '../documents/documents';
import { unlessTaken } from '../documents/unless-taken';
import { mapStep, recoverStep, step, stepOf, type Step, type Steps } from '../store/steps';
import type { SlugsUnit, SlugWrite } from './identity-unit';
import type { FormerSlugDocument, ProfileDocument } from './profile-documents';

/** The profiles and their former slugs, as steps of the unit of write they are in. */
export interface SlugDocuments {
  profiles: DocumentSteps<ProfileDocument>;
  formerSlugs: DocumentSteps<FormerSlugDocument>;
}

const done = (): Step<void> => undefined;

/** The slugs' unit of write (see SlugsUnit), written once over the documents' steps. */
export function slugsUnitOver({ profiles, formerSlugs }: SlugDocuments): SlugsUnit {
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
    holder: (slug) => mapStep(profiles.first({ slug }), (profile) => profile?.id ?? null),
    formerHolder: (slug) => mapStep(formerSlugs.first({ slug }), (record) => record?.profileId ?? null),
    keepFormer: (slug, profileId, at) => stepOf(keepFormer(slug, profileId, at)),
    dropFormer: (slug, profileId) => mapStep(formerSlugs.deleteAll({ slug, profileId }), done),
    // One write of the slug and the profile's own copy of it inside the profile (its other fields kept), with the
    // move's event, while the slug is still `from`; the slug's unique index refuses one taken meanwhile.
    writeSlug: (profileId, from, to, event) =>
      recoverStep<SlugWrite>(
        () =>
          mapStep(
            profiles.updateFirst({ id: profileId, slug: from }, { slug: to }, event ? [event] : [], {
              profile: { profile_slug: to },
            }),
            (before) => (before ? 'moved' : 'moved-since'),
          ),
        (error) => {
          if (error instanceof UniqueTakenError) return 'taken';
          throw error;
        },
      ),
  };
}
