#!/usr/bin/env node
/* eslint-disable @typescript-eslint/no-require-imports -- a plain CommonJS launcher */
// The `byline` bin npm links at install time. It is a committed file (npm does not link a bin whose target
// is missing, and dist/ exists only after `npm run build`); the command line itself is dist/main.js.
const path = require('node:path');
const fs = require('node:fs');

const main = path.join(__dirname, '..', 'dist', 'main.js');
if (!fs.existsSync(main)) {
  process.stderr.write('byline: the command line is not built yet; run `npm run build` at the repository root first.\n');
  process.exit(1);
}
require(main);
