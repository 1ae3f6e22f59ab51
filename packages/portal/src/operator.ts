/**
 * @byline/portal/operator: the use cases an operator runs from the command line, without
 * the web app, so that the CLI does not load Express.
 */
export { createEditor, type CreateEditorResult } from './use-cases/accounts';
export { CONFIRM_LINK_TTL_MS, issueConfirmLink, type ConfirmLinkOutcome } from './use-cases/address-proof';
export { issueResetLink, RESET_LINK_TTL_MS, type ResetLink } from './use-cases/password-reset';
export { slugOf } from './use-cases/slugs';
export { setVerifiedByOperator } from './use-cases/verification';
export { importVerifications, type ImportVerifications } from './use-cases/imported-verification';
