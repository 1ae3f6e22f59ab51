/**
 * The README and docs/ link to each other and into the repository: every relative link names a file that exists
 * and every `#anchor` a heading of the page it points to, so a page moved or a heading renamed cannot leave a
 * reader at a dead link.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@byline/test-support';
import { documentationFiles, headingAnchors, linkTargets, readDoc } from './markdown';

/** A link's problem, or null when it resolves (addresses with a scheme are not followed). */
function problemOf(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [address = '', anchor] = target.split('#', 2);
  const linked = address === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), address));
  if (linked.startsWith('..')) return `${target}: outside the repository`;
  if (!fs.existsSync(path.join(REPO_ROOT, linked))) return `${target}: no file ${linked}`;
  if (anchor === undefined) return null;
  if (!linked.endsWith('.md')) return `${target}: an anchor into a file that is not markdown`;
  return headingAnchors(readDoc(linked)).has(anchor) ? null : `${target}: no heading #${anchor} in ${linked}`;
}

describe('the links of the README and docs/', () => {
  const files = documentationFiles();

  it('covers the README and the pages a newcomer is sent to', () => {
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'docs/api.md', 'docs/operators.md', 'docs/portal.md', 'docs/architecture.md']),
    );
    expect(linkTargets(readDoc('README.md')).filter((target) => target.startsWith('docs/')).length).toBeGreaterThan(5);
  });

  it.each(files)('%s: every relative link and anchor resolves', (file) => {
    const problems = linkTargets(readDoc(file))
      .map((target) => problemOf(file, target))
      .filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });

  it('finds a dead link (the check can fail)', () => {
    expect(problemOf('docs/api.md', '#no-such-heading')).toContain('no heading');
    expect(problemOf('docs/api.md', 'nowhere.md')).toContain('no file');
    expect(problemOf('README.md', 'docs/api.md#rate-limits')).toBeNull();
  });

  it('gives headings the anchors GitHub gives them', () => {
    const anchors = headingAnchors(
      '# A\n## Verify article — `POST {base_url}/api/verify_article`\n```sh\n# not a heading\n```\n## Tests\n## Tests\n### "Sign in" (CORS)\n',
    );
    expect([...anchors]).toEqual(['a', 'verify-article--post-base_urlapiverify_article', 'tests', 'tests-1', 'sign-in-cors']);
  });
});
