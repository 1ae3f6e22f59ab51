import { badgeName, escapeXml, textWidth } from './badge-text';

const HEIGHT = 20;
const PADDING = 6;
/** White text on these: 15.4:1, 5.1:1 and 6.4:1, above WCAG AA's 4.5:1 for small text. */
const COLOURS = { name: '#24292f', verified: '#1a7f37', neutral: '#57606a' };
const FONT = 'Verdana,DejaVu Sans,Geneva,sans-serif';

interface Segment {
  text: string;
  fill: string;
}

/** A two-part badge (shields.io's shape): each part's width follows its text, which is drawn to exactly that width. */
function drawBadge(label: string, [left, right]: [Segment, Segment]): string {
  const leftWidth = textWidth(left.text) + 2 * PADDING;
  const rightWidth = textWidth(right.text) + 2 * PADDING;
  const width = leftWidth + rightWidth;
  const text = ({ text }: Segment, x: number, span: number) =>
    `<text x="${x + span / 2}" y="14" textLength="${span - 2 * PADDING}" lengthAdjust="spacingAndGlyphs">${escapeXml(text)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
    `<clipPath id="r"><rect width="${width}" height="${HEIGHT}" rx="3"/></clipPath>`,
    `<g clip-path="url(#r)">`,
    `<rect width="${leftWidth}" height="${HEIGHT}" fill="${left.fill}"/>`,
    `<rect x="${leftWidth}" width="${rightWidth}" height="${HEIGHT}" fill="${right.fill}"/>`,
    `</g>`,
    `<g fill="#fff" font-family="${FONT}" font-size="11" text-anchor="middle">`,
    text(left, 0, leftWidth),
    text(right, leftWidth, rightWidth),
    `</g>`,
    `</svg>`,
    '',
  ].join('\n');
}

/** The journalist's name beside "✓ verified by Byline". */
export function verifiedBadge(name: string): string {
  const shown = badgeName(name) || 'Journalist';
  return drawBadge(`${shown}: verified by Byline`, [
    { text: shown, fill: COLOURS.name },
    { text: '✓ verified by Byline', fill: COLOURS.verified },
  ]);
}

/**
 * Any address that is not a verified journalist: unknown, never verified, unverified, erased, or not a slug at all.
 * It names nobody and is the same bytes in every case, so it tells nobody whether a profile exists.
 */
export const NEUTRAL_BADGE = drawBadge('Byline: not verified', [
  { text: 'Byline', fill: COLOURS.name },
  { text: 'not verified', fill: COLOURS.neutral },
]);
