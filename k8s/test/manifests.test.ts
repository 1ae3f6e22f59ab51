/**
 * Every manifest under k8s/ is parsed and validated offline against the Kubernetes JSON schemas that
 * kubernetes-models ships (compiled from the Kubernetes OpenAPI definitions), then held to the
 * deployment rules: probes, limits and a locked-down security context on every container; Services,
 * autoscalers and disruption budgets that select their Deployment; an Ingress that sends each public
 * host to the right service; configuration under the names the services read. The services are the
 * list in docker/test/services.ts (the verifiers, the portal and the worker, which has no Service, Ingress or
 * autoscaler but a fixed number of replicas).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler, type IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, type IIngress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget, type IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service, type IConfigMap, type ISecret, type IService } from 'kubernetes-models/v1';
import type { IContainer } from 'kubernetes-models/v1';
import { loadConfig } from '@byline/domain/config/config';
import { BACKGROUND_PROCESSES, HTTP_SERVICES, SERVICES } from '../../docker/test/services';

const k8sDir = path.resolve(__dirname, '..');

/** apiVersion/kind → the model whose validate() checks an object against that kind's schema. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
};

interface Manifest {
  file: string;
  object: { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> } };
}

function yamlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : yamlFiles(full);
    return /\.ya?ml$/.test(entry.name) ? [full] : [];
  });
}

const files = yamlFiles(k8sDir).map((file) => path.relative(k8sDir, file));
const kustomizationFile = 'kustomization.yaml';
const manifests: Manifest[] = files
  .filter((file) => file !== kustomizationFile)
  .flatMap((file) =>
    parseAllDocuments(fs.readFileSync(path.join(k8sDir, file), 'utf8')).map((doc) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
      return { file, object: doc.toJS() };
    }),
  );
const kustomization = parseAllDocuments(fs.readFileSync(path.join(k8sDir, kustomizationFile), 'utf8'))[0]?.toJS() as {
  namespace: string;
  resources: string[];
  images?: { name: string; newTag?: string }[];
};

const ofKind = <T>(kind: string) => manifests.filter((m) => m.object.kind === kind).map((m) => m.object as unknown as T);
const named = <T extends { metadata?: { name?: string } }>(items: T[], name: string) =>
  items.find((item) => item.metadata?.name === name);
const deployments = ofKind<IDeployment>('Deployment');
const services = ofKind<IService>('Service');
const configMaps = ofKind<IConfigMap>('ConfigMap');
const secrets = ofKind<ISecret>('Secret');
const selects = (selector: Record<string, string> = {}, labels: Record<string, string> = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);

describe('k8s manifests: schema validation (offline)', () => {
  it('finds the manifests', () => {
    expect(manifests.length).toBeGreaterThanOrEqual(12);
  });

  it.each(manifests.map((m) => [`${m.file} ${m.object.kind}/${m.object.metadata?.name}`, m] as const))(
    '%s validates against its Kubernetes schema',
    (_label, { object }) => {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model).toBeDefined();
      expect(() => new (Model as new (data: unknown) => { validate(): void })(object).validate()).not.toThrow();
    },
  );

  it('the validator really checks: a malformed Deployment is rejected', () => {
    const broken = structuredClone(deployments[0]) as IDeployment;
    (broken.spec!.template.spec!.containers[0]!.ports![0] as { containerPort: unknown }).containerPort = 'http';
    expect(() => new Deployment(broken).validate()).toThrow(/containerPort must be integer/);
    const noSelector = structuredClone(deployments[0]) as { spec: { selector?: unknown } };
    delete noSelector.spec.selector;
    expect(() => new Deployment(noSelector as IDeployment).validate()).toThrow(/selector/);
  });

  it('kustomization.yaml lists every manifest except the Secret template, and only files that exist', () => {
    expect(kustomization.namespace).toBe('byline');
    const listed = [...kustomization.resources].sort();
    const expected = files.filter((f) => f !== kustomizationFile && f !== 'secret.template.yaml').sort();
    expect(listed).toEqual(expected);
  });

  it('kustomization.yaml pins a tag for the image of every Deployment, and for no other image', () => {
    const images = deployments.flatMap((d) => d.spec?.template.spec?.containers.map((c) => (c.image ?? '').split(':')[0]) ?? []);
    expect((kustomization.images ?? []).map((image) => image.name).sort()).toEqual([...new Set(images)].sort());
    for (const image of kustomization.images ?? []) expect(image.newTag).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe.each(SERVICES)('k8s: $name', (spec) => {
  const deployment = named(deployments, spec.name) as IDeployment;
  const podSpec = deployment?.spec?.template.spec;
  const podLabels = deployment?.spec?.template.metadata?.labels ?? {};
  const container = podSpec?.containers.find((c) => c.name === spec.name) as IContainer;

  it('has a Deployment whose selector matches its pod labels, running this service image', () => {
    expect(deployment).toBeDefined();
    expect(selects(deployment.spec?.selector.matchLabels, podLabels)).toBe(true);
    expect(container.image).toMatch(new RegExp(`^byline/${spec.name}:`));
    expect(container.ports).toEqual([expect.objectContaining({ name: 'http', containerPort: spec.port })]);
  });

  it('reads its configuration under the names config.ts defines, MongoDB from the Secret', () => {
    const env: Record<string, string> = {};
    for (const source of container.envFrom ?? []) {
      const configMap = named(configMaps, source.configMapRef?.name ?? '');
      expect(configMap).toBeDefined();
      Object.assign(env, configMap?.data);
    }
    const mongo = container.env?.find((e) => e.name === 'MONGODB_URI');
    const ref = mongo?.valueFrom?.secretKeyRef;
    expect(ref?.optional).not.toBe(true); // a pod without its store must not start on an empty one
    const secret = named(secrets, ref?.name ?? '');
    expect(secret?.stringData).toHaveProperty(ref?.key ?? '');
    env.MONGODB_URI = secret?.stringData?.[ref?.key ?? ''] ?? '';

    const config = loadConfig(env);
    expect(spec.portOf(config)).toBe(spec.port);
    expect(config.host).toBe('0.0.0.0');
    expect(config.mongodbUri).toMatch(/^mongodb(\+srv)?:\/\//);
  });

  it('probes readiness on /readyz and liveness on /healthz, on the container port', () => {
    expect(container.readinessProbe?.httpGet).toMatchObject({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe?.httpGet).toMatchObject({ path: '/healthz', port: 'http' });
  });

  it('sets CPU and memory requests and limits', () => {
    for (const bound of ['requests', 'limits'] as const) {
      expect(container.resources?.[bound]).toEqual(
        expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
      );
    }
  });

  it('runs non-root on a read-only root filesystem, without privilege escalation or capabilities', () => {
    expect(podSpec?.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(container.securityContext).toMatchObject({
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(container.securityContext?.runAsUser ?? podSpec?.securityContext?.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext?.capabilities?.add ?? []).toEqual([]);
    // The only writable place, on a volume of its own.
    const tmp = container.volumeMounts?.find((m) => m.mountPath === '/tmp');
    expect(podSpec?.volumes?.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
  });

  it('leaves time for the graceful stop before the pod is killed', () => {
    expect(podSpec?.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(20);
  });
});

describe.each(HTTP_SERVICES)('k8s: $name, serving requests', (spec) => {
  const deployment = named(deployments, spec.name) as IDeployment;
  const podLabels = deployment?.spec?.template.metadata?.labels ?? {};

  it('has a Service that selects its pods and targets the container port', () => {
    const service = named(services, spec.name) as IService;
    expect(selects(service.spec?.selector, podLabels)).toBe(true);
    for (const other of deployments.filter((d) => d !== deployment)) {
      expect(selects(service.spec?.selector, other.spec?.template.metadata?.labels)).toBe(false);
    }
    expect(service.spec?.ports).toEqual([expect.objectContaining({ name: 'http', targetPort: 'http' })]);
  });

  it('scales with a HorizontalPodAutoscaler on its Deployment and keeps a PodDisruptionBudget', () => {
    const hpa = named(ofKind<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler'), spec.name);
    expect(hpa?.spec?.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: spec.name });
    expect(hpa?.spec?.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa?.spec?.maxReplicas).toBeGreaterThan(hpa?.spec?.minReplicas ?? 0);
    const pdb = named(ofKind<IPodDisruptionBudget>('PodDisruptionBudget'), spec.name);
    expect(selects(pdb?.spec?.selector?.matchLabels, podLabels)).toBe(true);
    expect(pdb?.spec?.minAvailable ?? pdb?.spec?.maxUnavailable).toBeDefined();
  });
});

describe.each(BACKGROUND_PROCESSES)('k8s: $name, in the background', (spec) => {
  const deployment = named(deployments, spec.name) as IDeployment;
  const podLabels = deployment?.spec?.template.metadata?.labels ?? {};

  it('runs several replicas (safe: the claim store leases each proof to one of them) and keeps a PodDisruptionBudget', () => {
    expect(deployment.spec?.replicas).toBeGreaterThanOrEqual(2);
    const pdb = named(ofKind<IPodDisruptionBudget>('PodDisruptionBudget'), spec.name);
    expect(selects(pdb?.spec?.selector?.matchLabels, podLabels)).toBe(true);
    expect(pdb?.spec?.minAvailable ?? pdb?.spec?.maxUnavailable).toBeDefined();
  });

  it('is reached by nothing: no Service selects it, no autoscaler scales it, no Ingress names it', () => {
    for (const service of services) expect(selects(service.spec?.selector, podLabels)).toBe(false);
    expect(named(ofKind<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler'), spec.name)).toBeUndefined();
    const backends = ofKind<IIngress>('Ingress').flatMap((i) =>
      (i.spec?.rules ?? []).flatMap((r) => (r.http?.paths ?? []).map((p) => p.backend.service?.name)),
    );
    expect(backends).not.toContain(spec.name);
  });

  it('has its /metrics scraped from the pod on the container port', () => {
    expect(deployment.spec?.template.metadata?.annotations).toMatchObject({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(spec.port),
      'prometheus.io/path': '/metrics',
    });
  });
});

describe('k8s: Ingress', () => {
  const ingresses = ofKind<IIngress>('Ingress');
  const routes = ingresses.flatMap((ingress) =>
    (ingress.spec?.rules ?? []).flatMap((rule) =>
      (rule.http?.paths ?? []).map((p) => ({ host: rule.host, path: p.path, backend: p.backend.service })),
    ),
  );

  it.each(HTTP_SERVICES.map((spec) => [spec.ingress.host, spec.name, spec.ingress.path]))(
    'sends %s to the %s Service, on a port it exposes',
    (host, serviceName, operationPath) => {
      const matching = routes.filter((r) => r.host === host && operationPath.startsWith(r.path ?? '/'));
      expect(matching.map((r) => r.backend?.name)).toEqual([serviceName]);
      const port = matching[0]?.backend?.port;
      const service = named(services, serviceName) as IService;
      expect(service.spec?.ports?.some((p) => p.name === port?.name || p.port === port?.number)).toBe(true);
    },
  );

  it('serves every host over TLS, and routes no host the services do not have', () => {
    const hosts = HTTP_SERVICES.map((spec) => spec.ingress.host).sort();
    const tlsHosts = ingresses.flatMap((i) => i.spec?.tls ?? []).flatMap((t) => t.hosts ?? []);
    expect(tlsHosts.sort()).toEqual(hosts);
    expect([...new Set(routes.map((r) => r.host))].sort()).toEqual(hosts);
  });

  it.each(HTTP_SERVICES.map((spec) => [spec.name, spec] as const))(
    '%s: links and mail name its public host (PUBLIC_*_URL), over https',
    (_name, spec) => {
      const config = loadConfig(named(configMaps, 'byline-config')?.data ?? {});
      expect(spec.ingress.publicUrlOf(config)).toBe(`https://${spec.ingress.host}`);
    },
  );
});

describe('k8s: configuration', () => {
  it('the ConfigMap holds only settings config.ts reads, and they load', () => {
    const data = named(configMaps, 'byline-config')?.data ?? {};
    const shared = ['HOST', 'LOG_LEVEL', 'AUTH_CACHE_TTL_MS', 'TRUST_PROXY', 'MAIL_FROM'];
    const publicUrls = ['PUBLIC_PORTAL_URL', 'PUBLIC_ARTICLE_VERIFIER_URL', 'PUBLIC_JOURNALIST_VERIFIER_URL'];
    const rechecks = ['RECHECK_INTERVAL', 'RECHECK_GRACE', 'RECHECK_RETRY', 'WORKER_POLL_INTERVAL'];
    expect(Object.keys(data).sort()).toEqual(
      [...shared, ...publicUrls, ...rechecks, ...SERVICES.map((spec) => spec.portEnv)].sort(),
    );
    const config = loadConfig(data);
    for (const spec of SERVICES) expect(spec.portOf(config)).toBe(spec.port);
    // One proxy hop (the ingress controller): its X-Forwarded-For names the client, X-Forwarded-Proto marks cookies Secure.
    expect(config).toMatchObject({ logLevel: 'info', trustProxy: 1 });
  });

  it('the worker re-checks daily, lapses a proof failing for 3 days, and looks for due proofs every minute', () => {
    const config = loadConfig(named(configMaps, 'byline-config')?.data ?? {});
    const hour = 3600_000;
    expect(config).toMatchObject({
      recheckIntervalMs: 24 * hour,
      recheckGraceMs: 72 * hour,
      recheckRetryMs: 6 * hour,
      workerPollIntervalMs: 60_000,
    });
  });

  it('the portal can send mail once SMTP_URL is added to the Secret: MAIL_FROM is set beside it', () => {
    const data = named(configMaps, 'byline-config')?.data ?? {};
    expect(loadConfig({ ...data, SMTP_URL: 'smtp://user:password@smtp.example:587' }).mailFrom).toBeDefined();
  });

  it('the Secret is a template with placeholders, not a credential', () => {
    const secret = named(secrets, 'byline-store');
    expect(secret?.stringData?.MONGODB_URI).toContain('CHANGE_ME');
    expect(secret?.data).toBeUndefined();
  });
});
