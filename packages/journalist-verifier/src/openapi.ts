import {
  articleOfJournalistSchema,
  openApiDocument,
  titled,
  withoutExamples,
  verificationAnswerSchema,
  verificationResponses,
  type OpenApiDocument,
} from '@byline/shared/http';
import { DEMO_TWITTER_HANDLE, LOOKUP_SOCIAL_TYPES, SOCIAL_TYPES } from '@byline/shared';
import { VERIFY_JOURNALIST_PATH } from './routes';

/** Titled, so the documents' viewers name it among the answer's oneOf members (untitled, Swagger UI shows "#0"). */
const journalist = titled('JournalistResult', {
  verified: { type: 'boolean', const: true },
  first_name: { type: 'string' },
  last_name: { type: 'string' },
  slug: { type: 'string' },
  profile_bio: { type: 'string' },
  article_count: { type: 'integer', description: 'Active articles of the journalist' },
  articles: {
    type: 'array',
    maxItems: 3,
    description: 'The three latest active articles, newest first by published_at',
    items: { $ref: '#/components/schemas/ArticleOfJournalist' },
  },
  profile_image: { type: 'string' },
  profile_social_profiles: {
    type: 'object',
    description: 'Only the network looked up (`x` is `twitter`), with the handle as stored (e.g. "@NiamhCass94")',
    minProperties: 1,
    maxProperties: 1,
    propertyNames: { enum: [...SOCIAL_TYPES] },
    additionalProperties: { type: 'string' },
  },
});

/** `twitter` → `[tT][wW]…`: JSON Schema patterns have no case-insensitive flag. */
const anyCase = (word: string) => [...word].map((c) => `[${c.toLowerCase()}${c.toUpperCase()}]`).join('');

const socialType = {
  type: 'string',
  description: `One of ${LOOKUP_SOCIAL_TYPES.join(', ')}, in any letter case, surrounding spaces ignored; \`x\` is an alias of \`twitter\``,
  pattern: `^\\s*(${LOOKUP_SOCIAL_TYPES.map(anyCase).join('|')})\\s*$`,
  examples: ['twitter', 'X', 'LinkedIn'],
};

const socialUsername = {
  type: 'string',
  minLength: 1,
  description:
    'The username, case-insensitive, surrounding spaces and one leading @ ignored (at most 256 characters after trimming); ' +
    'a full profile address (https://x.com/name, https://www.linkedin.com/in/name, https://facebook.com/name) is reduced to its username',
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

/** The journalist verifier's document; `serverUrl` is Config.publicJournalistVerifierUrl. */
export function journalistVerifierOpenApi(serverUrl?: string): OpenApiDocument {
  return openApiDocument({
    title: 'Byline journalist verifier',
    description: 'Tells whether a social account belongs to a verified journalist.',
    serverUrl,
    paths: { [VERIFY_JOURNALIST_PATH]: { post } },
    schemas: {
      JournalistAnswer: verificationAnswerSchema('JournalistResult'),
      JournalistResult: journalist,
      ArticleOfJournalist: articleOfJournalistSchema,
    },
  });
}
