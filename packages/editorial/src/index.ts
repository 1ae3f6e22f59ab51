/**
 * @byline/editorial: what the portal, CLI and worker use beyond the verifiers — people's accounts (users, sessions,
 * password resets), proofs (rel="me" checks, network sign-ins in progress) and their re-checks, and every repository
 * on the store (backendOf/openBackend, with the store's resources from @byline/shared/storage re-exported here, and
 * the SSRF-safe fetcher from @byline/fetcher). The two verifiers never load it.
 */
export { backendOf, openBackend, type Backend, type EditorialRepositories, type Repositories } from './backend';
export * from './users/users-repository';
export * from './sessions/sessions-repository';
export * from './password-resets/password-resets-repository';
export * from './email-confirmations/email-confirmations-repository';
export * from './proofs/proof-attempts';
export * from './proofs/rel-me-links';
export * from './proofs/rel-me-check';
export * from './proofs/recheck';
export * from './proofs/no-live-proof';
export * from './recheck/rechecks';
export * from './authorship';
export * from './attribution-domains/attribution-domains-repository';
export * from './notify/owner-notifier';
export * from './notify/owner-mail';
export * from './notify/mailing-notifier';
export * from './notify/released-claims';
export * from './publisher-domains';
export * from './trust-txt';
export * from './attribution';
export * from './publishers';
export * from './webhooks';
// The use cases the portal and the CLI share, named one by one: what else their files hold is theirs alone.
export { decoyHash, hashPassword, MIN_PASSWORD_LENGTH, passwordMatches } from './users/passwords';
export {
  createEditor,
  setOwnPassword,
  signUp,
  useOneTimePassword,
  type CreateEditorResult,
  type OneTimeSignIn,
  type SignUpResult,
} from './use-cases/accounts';
export {
  CONFIRM_LINK_TTL_MS,
  CONFIRM_PATH,
  confirmAddress,
  confirmationFor,
  issueConfirmLink,
  provenAddress,
  signUpByMail,
  type ConfirmLinkOutcome,
  type ConfirmOutcome,
  type ConfirmPurpose,
  type SignUpByMail,
} from './use-cases/address-proof';
export { importVerifications, type ImportVerifications } from './use-cases/imported-verification';
export {
  issueResetLink,
  RESET_LINK_TTL_MS,
  RESET_PATH,
  resetLinkUsable,
  resetPassword,
  type ResetLink,
} from './use-cases/password-reset';
export { SIGN_UP_PURPOSES, type SignUpPurpose } from './use-cases/sign-up-purpose';
export { slugOf } from './use-cases/slugs';
export {
  decideVerification,
  isOwnProfile,
  OWN_PROFILE_REFUSAL,
  setVerifiedByOperator,
  type Decision,
  type DecisionResult,
  type OperatorDecisionResult,
} from './use-cases/verification';
