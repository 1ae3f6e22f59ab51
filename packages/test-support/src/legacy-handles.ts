import Database from 'better-sqlite3';
import { handleKey } from '@byline/domain/social/social-handle';
import { renderAnswers } from '@byline/domain/domain/rendered-answers';
import { type SocialType } from '@byline/domain/domain/types';
import { type Store } from '@byline/domain/store/store';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';

/**
 * Gives a stored profile a handle as a write from before the handle rules could have stored it (the rules
 * now refuse it everywhere): the value in the profile, its lookup key (`key`: the key an older reduction of the
 * value gave) and the re-rendered answers, written straight into the store's records. For tests of data that
 * is already in a store.
 */
export async function storeHandleAsBeforeTheRules(
  store: Store,
  slug: string,
  type: SocialType,
  value: string,
  key = handleKey(type, value),
): Promise<void> {
  if (store instanceof SqliteStore) {
    const db = new Database(store.file);
    try {
      const id = db.prepare<[string], number>('SELECT id FROM profiles WHERE slug = ?').pluck().get(slug);
      if (id === undefined) throw new Error(`no stored profile ${slug}`);
      db.prepare(`UPDATE profiles SET doc = json_set(doc, '$.profile_social_profiles.' || ?, ?) WHERE id = ?`).run(
        type,
        value,
        id,
      );
      db.prepare('DELETE FROM social_handles WHERE profile_id = ? AND social_type = ?').run(id, type);
      db.prepare('INSERT INTO social_handles (social_type, handle_key, profile_id) VALUES (?, ?, ?)').run(type, key, id);
      const answers = renderAnswers((await store.findAuthorBySocialHandle(type, key))!);
      db.prepare('UPDATE profiles SET article_answer = ?, journalist_answer = ? WHERE id = ?').run(
        answers.article,
        answers.journalist,
        id,
      );
    } finally {
      db.close();
    }
  } else if (store instanceof MongoStore) {
    const profiles = store.db.collection('profiles');
    const profile = await profiles.findOne({ slug });
    if (!profile) throw new Error(`no stored profile ${slug}`);
    await profiles.updateOne({ _id: profile._id }, { $set: { [`profile.profile_social_profiles.${type}`]: value } });
    await store.db.collection('social_handles').deleteMany({ profile_id: profile._id, social_type: type });
    await store.db.collection('social_handles').insertOne({ social_type: type, handle_key: key, profile_id: profile._id });
    const answers = renderAnswers((await store.findAuthorBySocialHandle(type, key))!);
    await profiles.updateOne({ _id: profile._id }, { $set: { answers } });
  } else {
    throw new Error(`storeHandleAsBeforeTheRules: no way to write into a ${store.kind} store`);
  }
}
