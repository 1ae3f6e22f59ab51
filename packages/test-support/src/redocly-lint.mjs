// Lints the OpenAPI document given on stdin with Redocly's `recommended` rules; prints the problems as JSON.
// A separate Node process: @redocly/openapi-core is ESM only, which jest's CommonJS runtime cannot load.
import { createConfig, lintFromString } from '@redocly/openapi-core';

let source = '';
for await (const chunk of process.stdin) source += chunk;
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
const described = problems.map(({ ruleId, severity, message, location }) => ({
  ruleId,
  severity,
  message,
  pointer: location[0]?.pointer,
}));
process.stdout.write(JSON.stringify(described));
