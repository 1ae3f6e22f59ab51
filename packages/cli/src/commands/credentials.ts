import type { Command } from 'commander';
import { repositoriesOf } from '@byline/shared/store';
import { credentialIssuerOf } from '@byline/domain/credentials/credential-issuer';
import { OperatorKeyError } from '@byline/domain/credentials/credential-keys';
import { keyIdOf } from '@byline/domain/credentials/issuer';
import { CliError, withStore, type CliContext } from '../cli-context';
import { verifyCredentialCommand, type VerifyOptions } from './credential-verification';
import { writeLine } from '../output';

export function registerCredentials(program: Command, ctx: CliContext): void {
  const credentials = program
    .command('credentials')
    .description('journalists’ signed credentials: the keys they are signed with, and verifying one');
  credentials
    .command('rotate-key')
    .description('sign credentials with a new key from now on; the previous key stays in did.json until what it signed expires')
    .action(async () => {
      const { number, identity } = await withStore(ctx, async (store, config) => {
        const issuer = credentialIssuerOf({
          publicPortalUrl: config.publicPortalUrl,
          storeKind: store.kind,
          signingKey: config.credentialSigningKey,
          validityMs: config.credentialValidityMs,
        });
        try {
          const key = await repositoriesOf(store).credentialKeys.rotate(issuer.keySource, new Date());
          return { number: key.number, identity: issuer.identity };
        } catch (error) {
          if (error instanceof OperatorKeyError) throw new CliError(`Cannot rotate here: ${error.message}.`);
          throw error;
        }
      });
      // The key's name only: its private part is never printed.
      const name = identity.did === null ? `key ${number}` : keyIdOf(identity.did, number);
      writeLine(ctx.stdout, `Credentials are signed with ${name} from now on.`);
      if (identity.did === null) writeLine(ctx.stdout, `None is served yet: ${identity.why}.`);
    });
  credentials
    .command('verify')
    .description(
      'verify a journalist’s credential (a JWT or COSE file, or an http(s) address): format, key, signature, validity, revocation',
    )
    .argument('<file-or-url>', 'the credential: a file (a JWT as text, or COSE) or the address it is served at')
    .option('--did-document <file>', 'the issuer’s did.json, instead of fetching it from the issuer’s did:web address')
    .option('--status-list <file>', 'the status list’s credential (JWT or COSE), instead of fetching it')
    .action((source: string, options: VerifyOptions) => verifyCredentialCommand(ctx, source, options));
}
