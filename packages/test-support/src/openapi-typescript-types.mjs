// Generates TypeScript types (openapi-typescript) from the OpenAPI document given on stdin; prints them.
// A separate Node process: openapi-typescript is ESM only, which jest's CommonJS runtime cannot load.
import openapiTS, { astToString } from 'openapi-typescript';

let source = '';
for await (const chunk of process.stdin) source += chunk;
process.stdout.write(astToString(await openapiTS(JSON.parse(source))));
