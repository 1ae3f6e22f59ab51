// Claims of fediverse accounts are keyed with the same rules (src/proofs in @byline/shared), so they live there.
export { normaliseFediverseAccount, sameFediverseAccount } from '@byline/domain/social/fediverse-account';
