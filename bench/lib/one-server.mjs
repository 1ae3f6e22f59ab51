// What the scripts that measure one server at a time (bench:instructions, bench:kernel) share: their common options,
// the tool they need, the build, the data set, and a copy of it for the run, so that the server's own writes (usage,
// the attributions v2 asks for) never carry over and two builds compared side by side see the same store.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { articlesOption, buildUnlessSkipped, root } from './setup.mjs';

/** Parses the common options (--server, --requests, --warmup, --articles, --connections, --services-root, --skip-build) and `extra`. */
export function oneServerOptions({ connections, extra }) {
  const { values: opts } = parseArgs({
    options: {
      server: { type: 'string', default: 'article' },
      requests: { type: 'string', default: '4000' },
      warmup: { type: 'string', default: '6000' },
      articles: { type: 'string', default: '100000' },
      connections: { type: 'string', default: String(connections) },
      'services-root': { type: 'string', default: root },
      'skip-build': { type: 'boolean', default: false },
      ...extra,
    },
  });
  const counts = {
    requests: Number(opts.requests),
    warmup: Number(opts.warmup),
    connections: Number(opts.connections),
    articles: articlesOption(opts.articles),
    servicesRoot: path.resolve(opts['services-root']),
  };
  if (!Number.isInteger(counts.requests) || counts.requests < 100) throw new Error('--requests must be an integer ≥ 100');
  if (!Number.isInteger(counts.warmup) || counts.warmup < 0) throw new Error('--warmup must be an integer ≥ 0');
  if (!Number.isInteger(counts.connections) || counts.connections < 1) {
    throw new Error('--connections must be an integer ≥ 1');
  }
  return { opts, ...counts };
}

/** Stops with a hint when `command` (valgrind, strace) is not installed. */
export function requireTool(command, versionArg) {
  try {
    execFileSync(command, [versionArg], { stdio: 'ignore' });
  } catch {
    throw new Error(`${command} is needed (Debian: apt-get install ${command})`);
  }
}

/**
 * Builds (unless skipped), prepares the data set of `articles` and copies it into a directory of its own for this run.
 * Returns the data set, the sample answer file the Express baseline sends, the run's directory and the request makers.
 */
export async function prepareOneServerRun({ opts, articles, fresh = false, runPrefix, log }) {
  buildUnlessSkipped(opts['skip-build'], log);
  // After the build: the data set is made through the compiled store (@byline/shared, @byline/editorial).
  const { prepareDataset, sampleAnswerFile } = await import('./dataset.mjs');
  const { requestMakers, seededRandom } = await import('./requests.mjs');
  const dataDir = path.join(root, 'bench-results', `data-embedded-${articles}`);
  const dataset = await prepareDataset({ store: 'embedded', articles, dir: dataDir, fresh, log });
  const bodyFile = sampleAnswerFile(dataDir, dataset);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), runPrefix));
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith('byline.sqlite')) fs.copyFileSync(path.join(dataDir, name), path.join(runDir, name));
  }
  // The same seed every run: both builds answer the same requests in the same order.
  const makers = (options) =>
    requestMakers({ articles, authorization: `Bearer ${dataset.token}`, random: seededRandom(1), ...options });
  return { dataset, bodyFile, runDir, makers };
}
