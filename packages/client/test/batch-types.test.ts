/**
 * The batch types are written by hand (src/types.ts) while the services' documents lack the batch operations.
 * Once the kept generated types have them, this checks under strict TypeScript that the hand-written types are
 * exactly the generated ones, request bodies included; until then it is skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { typeErrorsOf } from './in-memory-types';

const src = path.join(__dirname, '..', 'src');
const generated = ['article-verifier', 'journalist-verifier'].map((file) =>
  fs.readFileSync(path.join(src, 'generated', `${file}.ts`), 'utf8'),
);
const hasBatches = ['"/api/v1/verify_articles"', '"/api/v2/verify_articles"', '"/api/v1/verify_journalists"'].every((batchPath) =>
  generated.some((types) => types.includes(batchPath)),
);

const check = `
  import type { paths as A } from './generated/article-verifier';
  import type { paths as J } from './generated/journalist-verifier';
  import type { ArticleBatchAnswer, ArticleBatchAnswerV2, JournalistBatchAnswer, JournalistLookup } from './types';
  type Answer<P> = P extends { post: { responses: { 200: { content: { 'application/json': infer T } } } } } ? T : never;
  type Body<P> = P extends { post: { requestBody?: { content: { 'application/json': infer T } } } } ? T : never;
  type Same<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? true : false) : false;
  export const answers: [
    Same<Answer<A['/api/v1/verify_articles']>, ArticleBatchAnswer>,
    Same<Answer<A['/api/v2/verify_articles']>, ArticleBatchAnswerV2>,
    Same<Answer<J['/api/v1/verify_journalists']>, JournalistBatchAnswer>,
  ] = [true, true, true];
  // The bodies the client sends are ones the documents take.
  export const bodies: [Body<A['/api/v1/verify_articles']>, Body<A['/api/v2/verify_articles']>, Body<J['/api/v1/verify_journalists']>] = [
    { urls: ['https://news.example/a'] },
    { urls: ['https://news.example/a'] },
    { journalists: [{ social_username: 'a', social_type: 'x' } as JournalistLookup] },
  ];
`;

(hasBatches ? test : test.skip)(
  'the hand-written batch types are the generated ones',
  () => {
    const entry = path.join(src, '__batch-types-check.ts');
    expect(typeErrorsOf(entry, check, { module: ts.ModuleKind.CommonJS, types: [] })).toEqual([]);
  },
  30_000,
);
