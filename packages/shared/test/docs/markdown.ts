import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@byline/test-support';

/** The README and every page under docs/: what a newcomer reads, paths from the repository root. */
export function documentationFiles(): string[] {
  const pages = fs
    .readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...pages.sort()];
}

export const readDoc = (file: string): string => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The lines of a markdown text outside fenced code blocks (a `#` in a shell example is no heading). */
export function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (line.startsWith('```')) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/**
 * The anchors GitHub gives a page's headings: the heading's text lower-cased, without punctuation (backticks,
 * emphasis and a link's address go, its text stays), spaces as hyphens; a repeated one gets -1, -2 ….
 */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every link's target in the prose of a markdown text (inline code spans left out; a link's text may wrap). */
export function linkTargets(markdown: string): string[] {
  const prose = proseLines(markdown)
    .join('\n')
    .replace(/`[^`]*`/g, '');
  return [...prose.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}
