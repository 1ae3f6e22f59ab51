/**
 * @byline/editorial: what the portal, CLI and worker use beyond the verifiers — use cases, people's accounts, proofs
 * and their re-checks, authorship, publishers' domains, trust.txt, attribution, webhooks' delivery — each imported by
 * its path (@byline/editorial/use-cases/verification). The entry names only backendOf: every repository, the
 * editorial ones included, on an opened store. The two verifiers never load it.
 */
export { backendOf } from './backend';
