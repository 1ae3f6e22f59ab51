import Joi from 'joi';

/**
 * A slug worth looking up: the lookup is the same as the profile page's, so this refuses only what no profile can
 * have (nothing, control characters or spaces, an absurd length) rather than guess at how old slugs were made.
 */
const badgeParamsSchema = Joi.object({
  slug: Joi.string()
    .min(1)
    .max(200)
    .pattern(/^[^\p{Cc}\s/]+$/u)
    .required(),
});

/** The slug, or undefined when it cannot be one (the badge is then neutral, as for any unknown address). */
export function badgeSlug(params: unknown): string | undefined {
  const { value, error } = badgeParamsSchema.validate(params) as { value: { slug: string }; error?: Joi.ValidationError };
  return error ? undefined : value.slug;
}
