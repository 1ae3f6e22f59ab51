/** The article-page fetcher lives with the page check it serves (@byline/editorial), which the worker runs too. */
export {
  createPageFetcher,
  PageFetchError,
  type FetchedPage,
  type PageFetcher,
  type PageFetcherOptions,
} from '@byline/editorial/authorship/fetch-page';
export { type Resolver } from '@byline/fetcher';
