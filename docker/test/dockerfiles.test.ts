/**
 * Offline checks of the service images (no Docker engine here): each Dockerfile is parsed and held to
 * the deployment rules — multi-stage, its own workspace only, non-root, health-checked, configured with
 * the environment names the services actually read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Copy, DockerfileParser, type Instruction } from 'dockerfile-ast';
import { loadConfig } from '@byline/domain/config/config';
import { dockerDir, repoRoot, SERVICES, type ServiceSpec } from './services';

interface Stage {
  name: string;
  image: string;
  instructions: Instruction[];
}

function parseStages(file: string): { argDefaults: Record<string, string>; stages: Stage[] } {
  const dockerfile = DockerfileParser.parse(fs.readFileSync(file, 'utf8'));
  const argDefaults: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    const keyword = instruction.getKeyword();
    const args = instruction.getArguments().map((a) => a.getValue());
    if (keyword === 'FROM') {
      stages.push({ image: args[0] ?? '', name: args[2] ?? String(stages.length), instructions: [] });
    } else if (stages.length === 0 && keyword === 'ARG') {
      const [name, value = ''] = (args[0] ?? '').split('=');
      argDefaults[name ?? ''] = value;
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { argDefaults, stages };
}

/** The Node.js line the project runs on: `.nvmrc` names it for developers, CI and every image alike. */
const NODE_LINE = fs.readFileSync(path.join(repoRoot, '.nvmrc'), 'utf8').trim();
const NODE_IMAGE = `node:${NODE_LINE}-bookworm-slim`;

const content = (i: Instruction) => i.getArgumentsContent() ?? '';
const all = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.getKeyword() === keyword);
const resolve = (image: string, args: Record<string, string>) =>
  image.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args[a ?? b] ?? '');

/** ENV instructions in both forms (KEY=value … and KEY value) merged into one map. */
function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of all(stage, 'ENV')) {
    const args = instruction.getArguments().map((a) => a.getValue());
    if (args.length === 2 && !args[0]?.includes('=')) env[args[0] ?? ''] = args[1] ?? '';
    else for (const pair of args) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
  }
  return env;
}

/** Sources of COPY/ADD instructions that read the build context (not another stage). */
function contextSources(stage: Stage): string[] {
  return [...all(stage, 'COPY'), ...all(stage, 'ADD')]
    .filter((i) => !(i instanceof Copy && i.getFromFlag()))
    .flatMap((i) =>
      i
        .getArguments()
        .map((a) => a.getValue())
        .slice(0, -1),
    );
}

/** Packages the workspace's source imports (not node: built-ins, not relative paths), by package name. */
function importedPackages(workspaceDir: string): string[] {
  const sources = (fs.readdirSync(path.join(workspaceDir, 'src'), { recursive: true }) as string[])
    // What the build leaves out (see the packages' tsconfig exclude): tests, and the contracts beside each port.
    .filter((file) => /\.ts$/.test(file) && !/(\.test|-contract)\.ts$/.test(file))
    .map((file) => fs.readFileSync(path.join(workspaceDir, 'src', file), 'utf8'));
  const specifiers = sources.flatMap((source) =>
    [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1] ?? ''),
  );
  const names = specifiers
    .filter((spec) => !spec.startsWith('.') && !spec.startsWith('node:'))
    .map((spec) =>
      spec
        .split('/')
        .slice(0, spec.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  return [...new Set(names)].sort();
}

/** The workspaces under packages/ a workspace depends on (@byline/* in its dependencies), directly or not. */
function internalWorkspaces(dir: string): string[] {
  const found = new Set<string>();
  const visit = (name: string) => {
    for (const dependency of productionDependencies(path.join(repoRoot, 'packages', name))) {
      const other = dependency.startsWith('@byline/') ? dependency.slice('@byline/'.length) : null;
      if (other && !found.has(other)) {
        found.add(other);
        visit(other);
      }
    }
  };
  visit(dir);
  return [...found].sort();
}

const productionDependencies = (workspaceDir: string): string[] =>
  Object.keys(JSON.parse(fs.readFileSync(path.join(workspaceDir, 'package.json'), 'utf8')).dependencies ?? {});

describe.each(SERVICES)('docker/$name.Dockerfile', (service: ServiceSpec) => {
  const file = path.join(dockerDir, `${service.name}.Dockerfile`);
  const exists = fs.existsSync(file);
  it('exists', () => expect(exists).toBe(true));
  if (!exists) return;
  const text = fs.readFileSync(file, 'utf8');
  const { argDefaults, stages } = parseStages(file);
  const final = stages.at(-1) as Stage;
  // The workspaces the service's code depends on (@byline/shared for all; @byline/editorial for the portal and worker).
  const libraries = internalWorkspaces(service.name);
  const otherWorkspaces = fs
    .readdirSync(path.join(repoRoot, 'packages'))
    .filter((dir) => dir !== service.name && !libraries.includes(dir))
    .filter((dir) => fs.existsSync(path.join(repoRoot, 'packages', dir, 'package.json')));

  it(`is multi-stage on ${NODE_IMAGE} (the line .nvmrc names), with a runtime stage free of the build toolchain`, () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const external = stages.filter((s) => !stages.some((other) => other.name === s.image));
    for (const stage of external) expect(resolve(stage.image, argDefaults)).toBe(NODE_IMAGE);
    expect(resolve(final.image, argDefaults)).toBe(NODE_IMAGE);
    expect(all(final, 'RUN').map(content).join('\n')).not.toMatch(/apt-get|g\+\+|npm (ci|install)/);
    const toolchain = stages.flatMap((s) => all(s, 'RUN').map(content)).join('\n');
    for (const tool of ['python3', 'make', 'g++']) expect(toolchain).toContain(tool);
  });

  it('installs and builds only its own workspace and the ones it depends on (@byline/shared…)', () => {
    const runs = stages.flatMap((s) => all(s, 'RUN').map(content));
    const npmCi = runs.filter((r) => /\bnpm ci\b/.test(r));
    const workspaces = (cmd: string) => [...cmd.matchAll(/(?:-w|--workspace)[ =](\S+)/g)].map((m) => m[1]).sort();
    expect(npmCi.length).toBeGreaterThanOrEqual(1);
    const expected = [...libraries.map((dir) => `@byline/${dir}`), service.workspace].sort();
    for (const cmd of npmCi) expect(workspaces(cmd)).toEqual(expected);
    expect(npmCi.some((cmd) => cmd.includes('--omit=dev'))).toBe(true);
    expect(runs.some((r) => r.includes(`tsc -b packages/${service.name}`))).toBe(true);

    const sources = stages.flatMap(contextSources);
    const packageDirs = [...libraries, service.name].map((dir) => `packages/${dir}/`);
    expect(sources).toEqual(expect.arrayContaining(['package-lock.json', ...packageDirs]));
    for (const source of sources) {
      expect(source).toMatch(
        new RegExp(
          `^(package(-lock)?\\.json|tsconfig\\.base\\.json|scripts/sqlite-binary\\.mjs|packages/(${[...libraries, service.name].join('|')})/.*)$`,
        ),
      );
      expect(fs.existsSync(path.join(repoRoot, source))).toBe(true);
    }
    const code = text.replace(/^\s*#.*$/gm, '');
    for (const other of otherWorkspaces) {
      expect(code).not.toContain(`packages/${other}`);
      expect(code).not.toContain(`@byline/${other}`);
    }
  });

  it('names workspaces that exist, and starts the entry point its build produces', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'packages', service.name, 'package.json'), 'utf8'));
    expect(manifest.name).toBe(service.workspace);
    const cmd = all(final, 'CMD').map(content);
    expect(cmd).toHaveLength(1);
    expect(JSON.parse(cmd[0] ?? '')).toEqual(['node', `packages/${service.name}/dist/main.js`]);
    expect(fs.existsSync(path.join(repoRoot, 'packages', service.name, 'src/main.ts'))).toBe(true);
  });

  it('gets every package its code imports from `npm ci --omit=dev` of its workspaces', () => {
    for (const dir of [service.name, ...libraries]) {
      const workspaceDir = path.join(repoRoot, 'packages', dir);
      const installed = productionDependencies(workspaceDir);
      const missing = importedPackages(workspaceDir).filter((name) => !installed.includes(name));
      expect({ workspace: dir, missing }).toEqual({ workspace: dir, missing: [] });
    }
  });

  it('runs as a non-root user that owns the data volume', () => {
    const users = all(final, 'USER').map(content);
    expect(users.length).toBeGreaterThanOrEqual(1);
    const user = (users.at(-1) ?? '').split(':')[0] ?? '';
    expect(user).toMatch(/^\d+$/); // numeric, so Kubernetes can verify runAsNonRoot
    expect(Number(user)).toBeGreaterThan(0);
    expect(all(final, 'VOLUME').map(content).join(' ')).toContain('/data');
    expect(all(final, 'RUN').map(content).join('\n')).toMatch(new RegExp(`chown ${user}(:\\d+)? /data`));
  });

  it('configures the service with the environment names and defaults the code reads', () => {
    const env = envOf(final);
    expect(env).toMatchObject({ HOST: '0.0.0.0', BYLINE_DATA_DIR: '/data', [service.portEnv]: String(service.port) });
    const config = loadConfig(env);
    expect(service.portOf(config)).toBe(service.port);
    expect(config).toMatchObject({ host: '0.0.0.0', dataDir: '/data' });
    expect(config.mongodbUri).toBeUndefined();
    expect(all(final, 'EXPOSE').map(content)).toEqual([String(service.port)]);
  });

  it('health-checks /healthz with node (no curl in slim) on the configured port', () => {
    const checks = all(final, 'HEALTHCHECK').map(content);
    expect(checks).toHaveLength(1);
    const check = checks[0] ?? '';
    expect(check).toMatch(/^CMD \[/);
    const argv = JSON.parse(check.slice(check.indexOf('[')));
    expect(argv[0]).toBe('node');
    expect(argv.join(' ')).toContain('/healthz');
    expect(argv.join(' ')).toContain(`process.env.${service.portEnv} || ${service.port}`);
    expect(argv.join(' ')).not.toMatch(/curl|wget/);
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, build output, local data and git history out of the build context', () => {
    const rules = fs
      .readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const rule of ['**/node_modules', '**/dist', 'data', '.git']) expect(rules).toContain(rule);
  });
});
