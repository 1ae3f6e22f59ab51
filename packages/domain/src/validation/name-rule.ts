import type { CustomValidator } from 'joi';

/** Elements whose content is code or styling, never a name: dropped with what they hold. */
const CODE_ELEMENTS = /<(script|style)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/giu;
/** Anything shaped like a tag, comment or declaration: `<b>`, `</i>`, `<img src=x>`, `<!-- … -->`. */
const TAGS = /<[/!?]?[a-z][^>]*>|<!--[\s\S]*?-->/giu;

/** The name as a reader would see it once markup is taken out. */
export function withoutMarkup(name: string): string {
  return name.replace(CODE_ELEMENTS, '').replace(TAGS, '');
}

/**
 * The Joi rule for a name (a person's, a publisher's): it must hold a letter, of any script, once markup-looking tags
 * (and script or style elements with their content) are taken out. `<script>alert(1)</script>` or `<b></b>` is markup,
 * not a name: escaped everywhere it would still be stored and shown. An empty optional name is left to the schema.
 * Where people type a name (the portal's profile and publisher forms, `byline publishers create`); a data set an
 * operator imports is taken as given, escaped as everything is.
 */
export function nameRule(): CustomValidator<string> {
  return (value, helpers) =>
    value === '' || /\p{L}/u.test(withoutMarkup(value))
      ? value
      : helpers.message({ custom: '{{#label}} must contain a letter: markup such as <script>…</script> is not a name' });
}
