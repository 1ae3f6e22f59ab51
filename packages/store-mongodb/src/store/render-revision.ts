/**
 * The filter of a document whose render revision (`field`, absent = 0) is still `revision`: a render's save, which
 * applies only while nothing saved or forgot the answers since the render read them.
 */
export function revisionIs(field: 'answers_rev' | 'rendered_rev', revision: number) {
  return revision === 0 ? { $or: [{ [field]: { $exists: false } }, { [field]: 0 }] } : { [field]: revision };
}

/**
 * Of the saves made at these revisions (a bulk write counts its matches, not which), those that missed, from the
 * documents as read after them (`now`): a document whose revision is one past the save's with answers rendered was
 * saved at that revision (ours, or another render's that read it too: as fresh), as a forgetting leaves none and a
 * later write moves the revision further. Any other, or one gone, missed: a document saved and moved on again since
 * is rendered once more (harmless).
 */
export async function missedSaves<Id, Doc>(
  saves: { id: Id; revision: number }[],
  now: AsyncIterable<Doc>,
  stateOf: (doc: Doc) => { id: Id; revision: number; rendered: boolean },
): Promise<Id[]> {
  const saved = new Set<Id>();
  const expected = new Map(saves.map(({ id, revision }) => [id, revision + 1]));
  for await (const doc of now) {
    const { id, revision, rendered } = stateOf(doc);
    if (rendered && revision === expected.get(id)) saved.add(id);
  }
  return saves.flatMap(({ id }) => (saved.has(id) ? [] : [id]));
}
