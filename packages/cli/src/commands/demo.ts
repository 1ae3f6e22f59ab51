import type { Command } from 'commander';
import type { Config } from '@byline/domain/config/config';
import { loadConfig } from '@byline/domain/config/config';
import type { CliContext } from '../cli-context';
import { DEMO_ARTICLE_URL, DEMO_DATA_FILE, DEMO_TWITTER_HANDLE } from '../demo-data';
import { changedVerificationsNotice, importFile, keptDecisionsNotice } from '../import/import-file';
import { writeLine } from '../output';

export function demoInstructions(config: Pick<Config, 'articleVerifierPort' | 'journalistVerifierPort'>): string {
  const article = `http://localhost:${config.articleVerifierPort}/api/verify_article`;
  const journalist = `http://localhost:${config.journalistVerifierPort}/api/v1/verify_journalist`;
  return [
    'Create an API key (prints KEY:SECRET; keep it, the secret is shown only once):',
    '  npx byline keys create --email you@example.org',
    '',
    'Then, with the services running (npm start):',
    `  curl -X POST "${article}?url=${DEMO_ARTICLE_URL}" \\`,
    '    -H "Authorization: Bearer KEY:SECRET"',
    '',
    `  curl -X POST ${journalist} \\`,
    '    -H "Authorization: Bearer KEY:SECRET" -H "Content-Type: application/json" \\',
    `    -d '{"social_username": "${DEMO_TWITTER_HANDLE}", "social_type": "twitter"}'`,
  ].join('\n');
}

export function registerDemo(program: Command, ctx: CliContext): void {
  program
    .command('demo')
    .description('load a small demo data set (safe to run again) and show how to query it')
    .action(async () => {
      const config = loadConfig(ctx.env);
      const { profiles, articles, keptDecisions, changedVerifications } = await importFile(ctx, DEMO_DATA_FILE);
      writeLine(ctx.stdout, `Loaded the demo data: ${profiles} journalist profile(s) and ${articles} article(s).`);
      const kept = keptDecisionsNotice(keptDecisions);
      if (kept) writeLine(ctx.stdout, kept);
      const changed = changedVerificationsNotice(changedVerifications);
      if (changed) writeLine(ctx.stdout, changed);
      writeLine(ctx.stdout);
      writeLine(ctx.stdout, demoInstructions(config));
    });
}
