import Joi from 'joi';
import { UNSAFE_CHARACTER_REASON, unsafeCharacterIn } from '@byline/domain/validation/plain-text';
import {
  InvalidAttributionDomainError,
  MAX_ATTRIBUTION_DOMAINS,
  normaliseAttributionDomain,
} from '@byline/editorial/authorship/attribution-domains';

/** The non-blank lines of the field, trimmed, with their line numbers as the journalist sees them (from 1). */
function numberedLines(text: string): { number: number; line: string }[] {
  return text
    .split(/\r?\n/)
    .map((line, index) => ({ number: index + 1, line: line.trim() }))
    .filter(({ line }) => line);
}

/** The domains of a valid field, normalised, repeats dropped, in the order typed. */
export const attributionDomainLines = (text: string): string[] => [
  ...new Set(numberedLines(text).map(({ line }) => normaliseAttributionDomain(line))),
];

/**
 * The profile form's "domains allowed to credit me": one domain a line (or an https address of a site's root),
 * at most MAX_ATTRIBUTION_DOMAINS once repeats are dropped. A bad line is named with its number and why, so a
 * long list is corrected where it is wrong. The value stays the text typed; attributionDomainLines gives the list.
 */
export const attributionDomainsField = Joi.string()
  .allow('')
  // Room for a hundred of the longest names and blank lines between them; longer is refused, never parsed.
  .max(MAX_ATTRIBUTION_DOMAINS * 300)
  .default('')
  .custom((text: string, helpers) => {
    const normal = new Set<string>();
    for (const { number, line } of numberedLines(text)) {
      const character = unsafeCharacterIn(line);
      if (character) return helpers.error('domains.character', { number, character });
      try {
        normal.add(normaliseAttributionDomain(line));
      } catch (error) {
        if (!(error instanceof InvalidAttributionDomainError)) throw error;
        return helpers.error('domains.domain', { number, line, why: error.message });
      }
    }
    if (normal.size > MAX_ATTRIBUTION_DOMAINS) return helpers.error('domains.tooMany', { count: normal.size });
    return text.trim();
  })
  .messages({
    'domains.domain': 'Line {#number}: {#line} {#why}',
    'domains.character': `Line {#number} must not contain {#character} (${UNSAFE_CHARACTER_REASON})`,
    'domains.tooMany': `List at most ${MAX_ATTRIBUTION_DOMAINS} domains ({#count} given)`,
    'string.max': `List at most ${MAX_ATTRIBUTION_DOMAINS} domains`,
  });
