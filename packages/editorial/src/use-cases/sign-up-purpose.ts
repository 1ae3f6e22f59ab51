/** What someone signs up for: a journalist profile, API keys (their API account is opened at once), or a publisher. */
export const SIGN_UP_PURPOSES = ['journalist', 'api', 'publisher'] as const;
export type SignUpPurpose = (typeof SIGN_UP_PURPOSES)[number];
