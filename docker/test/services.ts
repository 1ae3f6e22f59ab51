import path from 'node:path';
import type { Config } from '@byline/shared';

export const repoRoot = path.resolve(__dirname, '../..');
export const dockerDir = path.join(repoRoot, 'docker');

/** The two separately deployable services, with the port settings config.ts defines for them. */
export interface ServiceSpec {
  name: 'article-verifier' | 'journalist-verifier';
  workspace: string;
  portEnv: string;
  port: number;
  portOf: (config: Config) => number;
}

export const SERVICES: ServiceSpec[] = [
  {
    name: 'article-verifier',
    workspace: '@byline/article-verifier',
    portEnv: 'ARTICLE_VERIFIER_PORT',
    port: 8080,
    portOf: (config) => config.articleVerifierPort,
  },
  {
    name: 'journalist-verifier',
    workspace: '@byline/journalist-verifier',
    portEnv: 'JOURNALIST_VERIFIER_PORT',
    port: 8081,
    portOf: (config) => config.journalistVerifierPort,
  },
];
