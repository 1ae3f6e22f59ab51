import type { Store } from '@byline/domain/store/store';
import { aProfile, expectAnswersInStep, seed, storeHandleAsBeforeTheRules } from '@byline/test-support';
import { forgetting, reopenablePerTest, reopenableStores } from './reopenable-store';

const MIGRATION = '013-social-handles-normal-form';

describe.each(reopenableStores())(
  'stored handles get the normal form when the store is next opened ($name store)',
  ({ make }) => {
    const target = reopenablePerTest(make);
    let store: Store;

    it('rewrites profile addresses to usernames, re-renders the answers and keeps what it cannot rewrite', async () => {
      const portalMade = aProfile();
      const holder = aProfile({
        profile_social_profiles: { twitter: '', facebook: '100012345678902', linkedin: '', instagram: '' },
      });
      const blocked = aProfile({ profile_social_profiles: { twitter: '', facebook: '', linkedin: '', instagram: '' } });
      store = target.open();
      await seed(store, portalMade, holder, blocked);
      // As the portal stored them before the rules: addresses as typed, and keys from the old reduction.
      const slug = portalMade.profile_slug;
      await storeHandleAsBeforeTheRules(store, slug, 'linkedin', 'https://www.linkedin.com/in/Aoife-Brennan/');
      await storeHandleAsBeforeTheRules(store, slug, 'twitter', 'https://x.com/AoifeB');
      await storeHandleAsBeforeTheRules(
        store,
        slug,
        'facebook',
        'https://www.facebook.com/profile.php?id=100012345678901',
        'profile.php',
      );
      await storeHandleAsBeforeTheRules(store, slug, 'instagram', 'javascript:alert(5)');
      const people = 'https://www.facebook.com/people/Someone/100012345678902';
      await storeHandleAsBeforeTheRules(store, blocked.profile_slug, 'facebook', people, 'people');
      await store.close();
      await target.rewind(forgetting(MIGRATION));

      store = target.open();

      const view = await store.findAuthorBySocialHandle('linkedin', 'aoife-brennan');
      expect(view!.profile.profile_social_profiles).toEqual({
        linkedin: 'Aoife-Brennan',
        twitter: 'AoifeB',
        facebook: '100012345678901',
        instagram: 'javascript:alert(5)', // refused by the rules today, but data is never deleted
      });
      expect(JSON.parse((await store.journalistAnswer('linkedin', 'aoife-brennan'))!).profile_social_profiles).toEqual({
        linkedin: 'Aoife-Brennan',
      });
      expect((await store.findAuthorBySocialHandle('facebook', '100012345678901'))!.profile.profile_slug).toBe(slug);
      expect(await store.findAuthorBySocialHandle('facebook', 'profile.php')).toBeNull();
      // The username it would become is another profile's: left as it was, still found as before.
      const stillBlocked = await store.findAuthorBySocialHandle('facebook', 'people');
      expect(stillBlocked!.profile.profile_social_profiles.facebook).toBe(people);
      expect((await store.findAuthorBySocialHandle('facebook', '100012345678902'))!.profile.profile_slug).toBe(
        holder.profile_slug,
      );
      await expectAnswersInStep(store);
    });
  },
);
