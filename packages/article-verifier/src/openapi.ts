import {
  articleOfAuthorSchema,
  batchRequestBody,
  batchResponses,
  closedObject,
  latestArticlesSchema,
  openApiDocument,
  titled,
  withoutExamples,
  verificationAnswerSchema,
  verificationResponses,
  type OpenApiDocument,
} from '@byline/http';
import { DEMO_ARTICLE_URL, MAX_URL_LENGTH } from '@byline/shared';
import { VERIFY_ARTICLE_PATH, VERIFY_ARTICLE_V2_PATH, VERIFY_ARTICLES_PATH, VERIFY_ARTICLES_V2_PATH } from './routes';

const socialProfiles = closedObject({
  twitter: { type: 'string' },
  facebook: { type: 'string' },
  linkedin: { type: 'string' },
  instagram: { type: 'string' },
});

/** Titled, so the documents' viewers name it among the answer's oneOf members (untitled, Swagger UI shows "#0"). */
const authorProfile = titled('AuthorProfile', {
  verified: { type: 'boolean', const: true },
  profile_first_name: { type: 'string' },
  profile_last_name: { type: 'string' },
  profile_title: { type: 'string' },
  profile_created_at: { type: 'string', format: 'date-time' },
  profile_bio: { type: 'string' },
  profile_employer: { type: 'string', description: 'May carry trailing whitespace' },
  profile_residing: { type: 'string' },
  profile_slug: { type: 'string' },
  profile_image: { type: 'string' },
  profile_social_profiles: socialProfiles,
  user_location: { type: 'string', description: 'Country code' },
  user_city: { type: 'string' },
  follower_count: { type: 'integer' },
  article_count: { type: 'integer', description: 'Active articles of the author' },
  articles: latestArticlesSchema('ArticleOfAuthor'),
});

const url = {
  type: 'string',
  maxLength: MAX_URL_LENGTH,
  description:
    'Absolute http(s) address of the article. Give it once: in the query string or in the body (a value in both must be the same).',
  // The demo data's article: Try it out answers `verified: true` on a store loaded by `npx byline demo`.
  example: DEMO_ARTICLE_URL,
};
const urlBody = { type: 'object', properties: { url }, description: 'Other fields are ignored' };

const description =
  'The address is canonicalised first (scheme, host case, www., default port, fragment, trailing slash and tracking parameters do not matter). ' +
  'A known, active article of a verified author gives the Author profile (`verified: true`); anything else gives `{"verified": false, "message"}`. ' +
  'A co-written article gives its first verified author in the order its page credits them (v2 lists them all).';

const post = {
  operationId: 'verifyArticle',
  summary: 'Who wrote the article at this address?',
  description,
  tags: ['verification'],
  parameters: [
    {
      name: 'url',
      in: 'query',
      required: false,
      schema: withoutExamples(url),
      description: `${url.description} When trying it out here, give it in the body or clear the body.`,
    },
  ],
  requestBody: {
    required: false,
    description: '`url` as a JSON or form field, when it is not in the query string',
    content: { 'application/json': { schema: urlBody }, 'application/x-www-form-urlencoded': { schema: urlBody } },
  },
  responses: verificationResponses('ArticleAnswer'),
};

const get = {
  operationId: 'verifyArticleByQuery',
  summary: 'Who wrote the article at this address? (GET alias of POST)',
  description,
  tags: ['verification'],
  parameters: [{ name: 'url', in: 'query', required: true, schema: url, description: 'Absolute http(s) address of the article' }],
  responses: verificationResponses('ArticleAnswer'),
};

const v2Description =
  'The same question, answered in four kinds (`type`): `article_verified` (the v1 Author profile fields, the author’s `evidence`, ' +
  'every author of a co-written article in `authors`, and, when the address is on a verified publisher’s proven domain, its ' +
  '`domain_info`); `domain_verified_plus` (the article is ' +
  'unknown, its domain belongs to a verified publisher, with up to three of its verified `journalists` and its latest three ' +
  '`articles`); `domain_verified` (the same, when none of its staff is verified); or `unverified`. Same canonicalisation, ' +
  'authentication, limits and errors as v1. Subdomains of a proven domain match. An unknown article on such a ' +
  'domain leaves its page to be read later, unless the publisher opted out: when it credits one of the publisher’s ' +
  'verified staff, the same lookup answers `article_verified` from then on.';

const v2Post = {
  ...post,
  operationId: 'verifyArticleV2',
  summary: 'Who wrote the article at this address, and whose domain is it?',
  description: v2Description,
  responses: verificationResponses('ArticleAnswerV2'),
};

const v2Get = {
  ...get,
  operationId: 'verifyArticleV2ByQuery',
  summary: 'Who wrote the article at this address, and whose domain is it? (GET alias of POST)',
  description: v2Description,
  responses: verificationResponses('ArticleAnswerV2'),
};

const batchDescription = (single: string) =>
  `Up to 100 addresses in one request (\`{"urls": [...]}\`, JSON), each answered exactly as ${single} answers it, in the ` +
  'order sent; an address given twice is answered twice. Each address is validated as the single operation validates ' +
  'it: a bad one makes the whole request a 422 naming it by its place (`urls[3]`). Each address counts as one request ' +
  'against the rate limit, and a batch that would cross it is refused whole (429) without using any of it; a batch ' +
  'refused before its lookups (400, 413, 415, 422) counts as one request.';

const batchInput = { type: 'string', description: 'The address as sent' };

const batchPost = {
  operationId: 'verifyArticles',
  summary: 'Who wrote the articles at these addresses? (up to 100)',
  description: batchDescription('`POST /api/verify_article`'),
  tags: ['verification'],
  requestBody: batchRequestBody('urls', url, DEMO_ARTICLE_URL),
  responses: batchResponses('ArticleAnswer', batchInput),
};

const batchV2Post = {
  ...batchPost,
  operationId: 'verifyArticlesV2',
  summary: 'Who wrote the articles at these addresses, and whose domains are they? (up to 100)',
  description: batchDescription('`POST /api/v2/verify_article`'),
  responses: batchResponses('ArticleAnswerV2', batchInput),
};

const iso = { type: 'string', format: 'date-time' };

const domainInfo = closedObject(
  {
    publisher_name: { type: 'string' },
    publisher_slug: { type: 'string' },
    publisher_logo: { type: ['string', 'null'], description: 'An https:// address of the logo, or null' },
    domain: { type: 'string', description: 'The proven domain that covers the address (the host or a parent of it)' },
    method: {
      type: 'string',
      enum: ['dns_record', 'uri_file_verification'],
      description: 'How the domain was proven: a DNS TXT record, or the well-known file',
    },
    proven_at: iso,
    associations: {
      type: 'array',
      description: 'The publisher’s trust.txt memberships that the other side confirms',
      items: closedObject({ domain: { type: 'string' }, relation: { type: 'string', enum: ['belongto'] } }),
    },
  },
  'The verified publisher whose proven domain covers the address',
);

const verifiedIdentity = {
  type: 'object',
  description: 'One proof of the author, shaped as a C2PA/CAWG identity assertion’s verifiedIdentities entry',
  required: ['type', 'uri', 'provider', 'verifiedAt', 'method'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['cawg.social_media', 'cawg.web_site', 'cawg.affiliation'] },
    username: { type: 'string' },
    uri: { type: 'string' },
    provider: closedObject({ id: { type: 'string' }, name: { type: 'string' } }),
    verifiedAt: iso,
    method: {
      type: 'string',
      description:
        'federated_login, uri_meta_tag_verification, byline_editor_attestation, byline_operator_import or byline_publisher_affiliation',
    },
  },
};

const articleVerified = {
  title: 'ArticleVerified',
  type: 'object',
  required: ['type', ...(authorProfile.required as string[]), 'evidence'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', const: 'article_verified' },
    ...(authorProfile.properties as Record<string, unknown>),
    evidence: { type: 'array', items: { $ref: '#/components/schemas/VerifiedIdentity' } },
    authors: {
      type: 'array',
      minItems: 2,
      description:
        'Present only when the article is co-written: every verified author whose proof of it is live, in the order ' +
        'the page credits them (the first is the author the fields above and v1 describe), each with the v1 Author ' +
        'profile fields and their `evidence`. Absent: the one author above.',
      items: {
        title: 'ArticleAuthor',
        type: 'object',
        required: [...(authorProfile.required as string[]), 'evidence'],
        additionalProperties: false,
        properties: {
          ...(authorProfile.properties as Record<string, unknown>),
          evidence: { type: 'array', items: { $ref: '#/components/schemas/VerifiedIdentity' } },
        },
      },
    },
    credential: {
      type: 'string',
      format: 'uri',
      description:
        'The address of the (first) author’s signed credential, a W3C Verifiable Credential 2.0 of their live proofs ' +
        'that anyone can check without Byline (`application/vc+jwt`; the same path ending `.cose` gives it as COSE). ' +
        'Present where the portal issues credentials (an https PUBLIC_PORTAL_URL); it answers 503 for a few ' +
        'seconds while a change to the author’s proofs is issued. See docs/credentials.md.',
    },
    domain_info: { $ref: '#/components/schemas/DomainInfo' },
  },
};

const domainVerified = titled('DomainVerified', {
  type: { type: 'string', enum: ['domain_verified'] },
  verified: { type: 'boolean', const: false },
  message: { type: 'string' },
  domain_info: { $ref: '#/components/schemas/DomainInfo' },
});

const domainVerifiedPlus = titled('DomainVerifiedPlus', {
  type: { type: 'string', const: 'domain_verified_plus' },
  verified: { type: 'boolean', const: false },
  message: { type: 'string' },
  domain_info: { $ref: '#/components/schemas/DomainInfo' },
  journalists: {
    type: 'array',
    maxItems: 3,
    description: 'Verified journalists the publisher vouches for (active staff), the latest to join first',
    items: closedObject({
      slug: { type: 'string' },
      first_name: { type: 'string' },
      last_name: { type: 'string' },
      title: { type: 'string' },
      image: { type: 'string' },
    }),
  },
  articles: {
    type: 'array',
    maxItems: 3,
    description: 'The latest active articles of those journalists on the publisher’s proven domains, newest first',
    items: { $ref: '#/components/schemas/ArticleOfOutlet' },
  },
});

const unverifiedV2 = titled('UnverifiedV2', {
  type: { type: 'string', const: 'unverified' },
  verified: { type: 'boolean', const: false },
  message: { type: 'string' },
});

const articleAnswerV2 = {
  description: 'Discriminated by `type`.',
  oneOf: ['ArticleVerified', 'DomainVerifiedPlus', 'DomainVerified', 'UnverifiedV2'].map((name) => ({
    $ref: `#/components/schemas/${name}`,
    type: 'object',
  })),
};

/** The article verifier's document; `serverUrl` is Config.publicArticleVerifierUrl. */
export function articleVerifierOpenApi(serverUrl?: string): OpenApiDocument {
  return openApiDocument({
    title: 'Byline article verifier',
    description: 'Tells who wrote an article.',
    serverUrl,
    paths: {
      [VERIFY_ARTICLE_PATH]: { post, get },
      [VERIFY_ARTICLE_V2_PATH]: { post: v2Post, get: v2Get },
      [VERIFY_ARTICLES_PATH]: { post: batchPost },
      [VERIFY_ARTICLES_V2_PATH]: { post: batchV2Post },
    },
    schemas: {
      ArticleAnswer: verificationAnswerSchema('AuthorProfile'),
      AuthorProfile: authorProfile,
      ArticleOfAuthor: articleOfAuthorSchema,
      ArticleAnswerV2: articleAnswerV2,
      ArticleVerified: articleVerified,
      DomainVerifiedPlus: domainVerifiedPlus,
      DomainVerified: domainVerified,
      ArticleOfOutlet: closedObject({
        ...(articleOfAuthorSchema.properties as Record<string, Record<string, unknown>>),
        profile_slug: { type: 'string', description: 'The journalist who wrote it' },
      }),
      UnverifiedV2: unverifiedV2,
      DomainInfo: domainInfo,
      VerifiedIdentity: verifiedIdentity,
    },
  });
}
