/** docker/compose.yaml, parsed: every service on MongoDB 7, health-checked, started once the database is. */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '@byline/domain/config/config';
import { dockerDir, repoRoot, SERVICES } from './services';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string | number>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval?: string; retries?: number };
}

const compose = parse(fs.readFileSync(path.join(dockerDir, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
/** The environment as compose hands it over when the host sets none of the ${VAR:-default} variables. */
const stringEnv = (env: ComposeService['environment'] = {}) =>
  Object.fromEntries(Object.entries(env).map(([key, value]) => [key, String(value).replace(/\$\{\w+:-([^}]*)\}/g, '$1')]));

describe('docker/compose.yaml', () => {
  it('runs every service and mongo:7, and nothing is left without a health check', () => {
    expect(Object.keys(compose.services).sort()).toEqual([...SERVICES.map((s) => s.name), 'mongo'].sort());
    expect(compose.services.mongo?.image).toBe('mongo:7');
    for (const [name, service] of Object.entries(compose.services)) {
      expect({ name, test: service.healthcheck?.test?.[0] }).toEqual({ name, test: 'CMD' });
    }
    expect(compose.services.mongo?.healthcheck?.test).toContain('mongosh');
  });

  describe.each(SERVICES)('$name', (spec) => {
    const service = compose.services[spec.name] as ComposeService;

    it('is built from the repository root with its own Dockerfile', () => {
      expect(path.resolve(dockerDir, service.build?.context ?? '')).toBe(repoRoot);
      expect(service.build?.dockerfile).toBe(`docker/${spec.name}.Dockerfile`);
      expect(fs.existsSync(path.join(repoRoot, service.build?.dockerfile ?? ''))).toBe(true);
    });

    it(`publishes port ${spec.port} and configures it under the names config.ts reads`, () => {
      expect(service.ports).toEqual([`${spec.port}:${spec.port}`]);
      const config = loadConfig(stringEnv(service.environment));
      expect(spec.portOf(config)).toBe(spec.port);
      expect(config.host).toBe('0.0.0.0');
    });

    it('uses the compose MongoDB as its store and starts once it is healthy', () => {
      const { mongodbUri } = loadConfig(stringEnv(service.environment));
      expect(mongodbUri).toBeDefined();
      expect(new URL(mongodbUri ?? '').host).toBe('mongo:27017');
      expect(service.depends_on).toEqual({ mongo: { condition: 'service_healthy' } });
    });

    it('is healthy only when it answers /readyz on its own port (node, no curl)', () => {
      const test = (service.healthcheck?.test ?? []).join(' ');
      expect(service.healthcheck?.test?.[1]).toBe('node');
      expect(test).toContain(`http://127.0.0.1:${spec.port}/readyz`);
    });
  });

  it('the worker checks that claimed sites link back to the portal compose publishes', () => {
    const worker = loadConfig(stringEnv(compose.services.worker?.environment));
    const portal = compose.services.portal as ComposeService;
    expect(worker.publicPortalUrl).toBe(`http://localhost:${portal.ports?.[0]?.split(':')[0]}`);
    expect(worker).toMatchObject({ recheckIntervalMs: 24 * 3600_000, recheckGraceMs: 3 * 24 * 3600_000 });
  });
});
