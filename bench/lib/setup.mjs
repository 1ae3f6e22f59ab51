// What every bench script does before it measures: find the repository, build the packages, read the data set's size.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, which every bench script runs from (process.chdir) and finds the packages under. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `npm run build` unless --skip-build was given. */
export function buildUnlessSkipped(skipBuild, log) {
  if (skipBuild) return;
  log('building (npm run build)…');
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The --articles option ("100000", "10_000_000") as a number, refused unless an integer ≥ 10. */
export function articlesOption(text) {
  const articles = Number(text.replace(/_/g, ''));
  if (!Number.isInteger(articles) || articles < 10) throw new Error('--articles must be an integer ≥ 10');
  return articles;
}
