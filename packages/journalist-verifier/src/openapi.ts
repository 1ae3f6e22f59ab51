import {
  articleOfJournalistSchema,
  batchRequestBody,
  batchResponses,
  latestArticlesSchema,
  openApiDocument,
  titled,
  withoutExamples,
  verificationAnswerSchema,
  verificationResponses,
  type OpenApiDocument,
} from '@byline/http';
import { ACCOUNT_LOOKUP_TYPES, DEMO_TWITTER_HANDLE, LOOKUP_SOCIAL_TYPES, SOCIAL_TYPES } from '@byline/shared';
import { VERIFY_JOURNALIST_PATH, VERIFY_JOURNALISTS_PATH } from './routes';

/** Titled, so the documents' viewers name it among the answer's oneOf members (untitled, Swagger UI shows "#0"). */
const journalist = titled('JournalistResult', {
  verified: { type: 'boolean', const: true },
  first_name: { type: 'string' },
  last_name: { type: 'string' },
  slug: { type: 'string' },
  profile_bio: { type: 'string' },
  article_count: { type: 'integer', description: 'Active articles of the journalist' },
  articles: latestArticlesSchema('ArticleOfJournalist'),
  profile_image: { type: 'string' },
  profile_social_profiles: {
    type: 'object',
    description:
      'Only the network looked up (`x` is `twitter`), with the handle as stored (e.g. "@NiamhCass94"); for `bluesky`, the ' +
      'account\'s current handle (e.g. "niamh.bsky.social"); for `fediverse`, the account as claimed (e.g. "@niamh@mastodon.social")',
    minProperties: 1,
    maxProperties: 1,
    propertyNames: { enum: [...SOCIAL_TYPES, ...ACCOUNT_LOOKUP_TYPES] },
    additionalProperties: { type: 'string' },
  },
});

/** `twitter` → `[tT][wW]…`: JSON Schema patterns have no case-insensitive flag. */
const anyCase = (word: string) => [...word].map((c) => `[${c.toLowerCase()}${c.toUpperCase()}]`).join('');

const LOOKUP_TYPES = [...LOOKUP_SOCIAL_TYPES, ...ACCOUNT_LOOKUP_TYPES];

const socialType = {
  type: 'string',
  description: `One of ${LOOKUP_TYPES.join(', ')}, in any letter case, surrounding spaces ignored; \`x\` is an alias of \`twitter\``,
  pattern: `^\\s*(${LOOKUP_TYPES.map(anyCase).join('|')})\\s*$`,
  examples: ['twitter', 'X', 'LinkedIn'],
};

const socialUsername = {
  type: 'string',
  minLength: 1,
  description:
    'The username, case-insensitive, surrounding spaces and one leading @ ignored (at most 256 characters after trimming); ' +
    'a full profile address (https://x.com/name, https://www.linkedin.com/in/name, https://facebook.com/name) is reduced to its username. ' +
    'For `bluesky`: a handle (name.bsky.social, a domain handle; @ optional) or the DID (did:plc:…, did:web:…), answered by the ' +
    'account (DID) whose proven claim shows that handle today; for `fediverse`: @user@host, an account proven by rel="me". ' +
    'A malformed Bluesky handle, DID or fediverse account is a 422 naming `social_username`',
  // The demo data's journalist first: Try it out answers `verified: true` on a store loaded by `npx byline demo`.
  examples: [`@${DEMO_TWITTER_HANDLE}`, `https://x.com/${DEMO_TWITTER_HANDLE}`],
};

const fields = {
  type: 'object',
  description:
    'Each field comes from the body or from the query string (a value in both must be the same); other fields are ignored',
  properties: { social_username: socialUsername, social_type: socialType },
};

const inQuery = 'When not in the body (when trying it out here, leave it empty or remove the field from the body)';

const post = {
  operationId: 'verifyJournalist',
  summary: 'Does this social account belong to a verified journalist?',
  description:
    'Fields may come as JSON, form fields or query parameters. A verified journalist whose looked-up handle is proven gives the ' +
    'Journalist result (`verified: true`); anything else gives exactly `{"verified": false, "message": "Not a Byline journalist"}`.',
  tags: ['verification'],
  parameters: [
    { name: 'social_username', in: 'query', required: false, schema: withoutExamples(socialUsername), description: inQuery },
    { name: 'social_type', in: 'query', required: false, schema: withoutExamples(socialType), description: inQuery },
  ],
  requestBody: {
    required: false,
    content: { 'application/json': { schema: fields }, 'application/x-www-form-urlencoded': { schema: fields } },
  },
  responses: verificationResponses('JournalistAnswer'),
};

const batchItem = {
  type: 'object',
  required: ['social_username', 'social_type'],
  description: 'One account, as the single operation takes it; other fields are ignored',
  properties: { social_username: socialUsername, social_type: socialType },
};

const batchPost = {
  operationId: 'verifyJournalists',
  summary: 'Do these social accounts belong to verified journalists? (up to 100)',
  description:
    'Up to 100 accounts in one request (`{"journalists": [{"social_username", "social_type"}, ...]}`, JSON), each answered ' +
    'exactly as `POST /api/v1/verify_journalist` answers it, in the order sent; an account given twice is answered twice. ' +
    'Each account is validated as the single operation validates it: a bad one makes the whole request a 422 naming it by ' +
    'its place (`journalists[3].social_type`). Each account counts as one request against the rate limit, and a batch ' +
    'that would cross it is refused whole (429) without using any of it; a batch refused before its lookups (400, 413, ' +
    '415, 422) counts as one request.',
  tags: ['verification'],
  requestBody: batchRequestBody('journalists', batchItem, {
    social_username: `@${DEMO_TWITTER_HANDLE}`,
    social_type: 'twitter',
  }),
  responses: batchResponses('JournalistAnswer', { ...batchItem, description: 'The account as sent' }),
};

/** The journalist verifier's document; `serverUrl` is Config.publicJournalistVerifierUrl. */
export function journalistVerifierOpenApi(serverUrl?: string): OpenApiDocument {
  return openApiDocument({
    title: 'Byline journalist verifier',
    description: 'Tells whether a social account belongs to a verified journalist.',
    serverUrl,
    paths: { [VERIFY_JOURNALIST_PATH]: { post }, [VERIFY_JOURNALISTS_PATH]: { post: batchPost } },
    schemas: {
      JournalistAnswer: verificationAnswerSchema('JournalistResult'),
      JournalistResult: journalist,
      ArticleOfJournalist: articleOfJournalistSchema,
    },
  });
}
