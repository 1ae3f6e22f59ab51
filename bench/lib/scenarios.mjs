// The servers the bench compares, each run in its own process.
import path from 'node:path';

/**
 * (1) plain Express 5 and (2) bare node:http answering a fixed body (`bodyFile`), (3) verify_article, (3b) the
 * same lookups through v2 and (4) verify_journalist on the data set in `serviceEnv`, then (3c) and (4b): the same
 * lookups a hundred to a request through the batch operations (`batchOf` names the single scenario they compare with). The services are taken from `servicesRoot`
 * (this checkout unless another is given, e.g. a worktree of an earlier commit to compare with).
 */
export function benchScenarios({ root, servicesRoot = root, bodyFile, serviceEnv, requests }) {
  const baselineEnv = { PATH: process.env.PATH, NODE_ENV: 'production', BENCH_BODY_FILE: bodyFile };
  return [
    {
      id: 'express',
      label: '(1) Express 5, fixed body',
      script: path.join(root, 'bench/servers/express-fixed.mjs'),
      env: baselineEnv,
      request: requests.article,
    },
    {
      id: 'node',
      label: '(2) node:http, fixed body',
      script: path.join(root, 'bench/servers/node-http-fixed.mjs'),
      env: baselineEnv,
      request: requests.article,
    },
    {
      id: 'article',
      label: '(3) verify_article',
      script: path.join(servicesRoot, 'packages/article-verifier/dist/main.js'),
      env: serviceEnv,
      portVariable: 'ARTICLE_VERIFIER_PORT',
      readyPath: '/readyz',
      request: requests.article,
    },
    {
      id: 'article-v2',
      label: '(3b) verify_article v2',
      script: path.join(servicesRoot, 'packages/article-verifier/dist/main.js'),
      env: serviceEnv,
      portVariable: 'ARTICLE_VERIFIER_PORT',
      readyPath: '/readyz',
      request: requests.articleV2,
    },
    {
      id: 'journalist',
      label: '(4) verify_journalist',
      script: path.join(servicesRoot, 'packages/journalist-verifier/dist/main.js'),
      env: serviceEnv,
      portVariable: 'JOURNALIST_VERIFIER_PORT',
      readyPath: '/readyz',
      request: requests.journalist,
    },
    {
      // Not in `npm run bench`'s rounds (extra): for bench:instructions, against (4) on the same data set.
      id: 'journalist-bluesky',
      label: '(4c) verify_journalist, Bluesky',
      script: path.join(servicesRoot, 'packages/journalist-verifier/dist/main.js'),
      env: serviceEnv,
      portVariable: 'JOURNALIST_VERIFIER_PORT',
      readyPath: '/readyz',
      request: requests.journalistBluesky,
      extra: true,
    },
    {
      id: 'articles-batch',
      label: '(3c) verify_articles ×100',
      script: path.join(servicesRoot, 'packages/article-verifier/dist/main.js'),
      env: serviceEnv,
      portVariable: 'ARTICLE_VERIFIER_PORT',
      readyPath: '/readyz',
      request: requests.articlesBatch,
      batchOf: 'article',
    },
    {
      id: 'journalists-batch',
      label: '(4b) verify_journalists ×100',
      script: path.join(servicesRoot, 'packages/journalist-verifier/dist/main.js'),
      env: serviceEnv,
      portVariable: 'JOURNALIST_VERIFIER_PORT',
      readyPath: '/readyz',
      request: requests.journalistsBatch,
      batchOf: 'journalist',
    },
  ];
}
