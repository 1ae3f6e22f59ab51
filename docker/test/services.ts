import path from 'node:path';
import type { Config } from '@byline/domain/config/config';

export const repoRoot = path.resolve(__dirname, '../..');
export const dockerDir = path.join(repoRoot, 'docker');

/**
 * A separately deployable process: its workspace, the port setting config.ts defines for it, and the
 * public host the Ingress sends to it (none for the worker, whose port serves only probes and metrics).
 * The Dockerfile, compose and k8s tests run over this list, so a new process is validated like the
 * others once it is added here.
 */
export interface ServiceSpec {
  /** The workspace directory under packages/, the Dockerfile's name, the compose service and the k8s Deployment. */
  name: string;
  workspace: string;
  portEnv: string;
  port: number;
  portOf: (config: Config) => number;
  /**
   * The example host the Ingress routes to this service, a path it serves there, and the PUBLIC_*_URL that names
   * it; absent for a background process (the worker), which has no Service, Ingress or autoscaler either.
   */
  ingress?: { host: string; path: string; publicUrlOf: (config: Config) => string };
}

export const SERVICES: ServiceSpec[] = [
  {
    name: 'article-verifier',
    workspace: '@byline/article-verifier',
    portEnv: 'ARTICLE_VERIFIER_PORT',
    port: 8080,
    portOf: (config) => config.articleVerifierPort,
    ingress: {
      host: 'api.byline.example',
      path: '/api/verify_article',
      publicUrlOf: (config) => config.publicArticleVerifierUrl,
    },
  },
  {
    name: 'journalist-verifier',
    workspace: '@byline/journalist-verifier',
    portEnv: 'JOURNALIST_VERIFIER_PORT',
    port: 8081,
    portOf: (config) => config.journalistVerifierPort,
    ingress: {
      host: 'journalists.byline.example',
      path: '/api/v1/verify_journalist',
      publicUrlOf: (config) => config.publicJournalistVerifierUrl,
    },
  },
  {
    name: 'portal',
    workspace: '@byline/portal',
    portEnv: 'PORTAL_PORT',
    port: 8082,
    portOf: (config) => config.portalPort,
    ingress: { host: 'byline.example', path: '/signin', publicUrlOf: (config) => config.publicPortalUrl },
  },
  {
    name: 'worker',
    workspace: '@byline/worker',
    portEnv: 'WORKER_PORT',
    port: 8083,
    portOf: (config) => config.workerPort,
  },
];

/** The processes that serve requests from outside (a Service, the Ingress, an autoscaler). */
export const HTTP_SERVICES = SERVICES.filter(
  (spec): spec is ServiceSpec & { ingress: NonNullable<ServiceSpec['ingress']> } => spec.ingress !== undefined,
);

/** Background processes: probes and metrics only, a fixed number of replicas. */
export const BACKGROUND_PROCESSES = SERVICES.filter((spec) => spec.ingress === undefined);
