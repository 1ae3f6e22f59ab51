import type { AuthorMarkup } from '../../../src/authorship/author-markup';

/** What readAuthorMarkup gives a page with no author markup at all: every form, empty. */
export const NO_AUTHOR_MARKUP: AuthorMarkup = {
  people: [],
  relAuthor: [],
  metaAuthor: [],
  bylineNames: [],
  bylineTexts: [],
  openGraphAuthors: [],
  bylineLinks: [],
  fediverseCreators: [],
};
