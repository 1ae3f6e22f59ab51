#!/usr/bin/env node
// npm run bench:compression -- [--answer FILE] [--times 2000]
// What compressing one verification answer in Node would cost, in CPU instructions counted by valgrind's
// callgrind (see count-instructions.mjs for why instructions, not time): a node process compresses the answer
// TIMES times with gzip (level 6, zlib's default) and with brotli (quality 4), and a run that compresses nothing
// is subtracted. Compare with the instructions of a whole request from `npm run bench:instructions`. The answer
// defaults to the sample that `npm run bench:instructions` (or `npm run bench`) leaves beside its data set.
import '../scripts/check-node-line.mjs'; // first: an older Node.js stops here, before the build and anything native
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './lib/setup.mjs';

const { values: opts } = parseArgs({
  options: {
    answer: { type: 'string', default: path.join(root, 'bench-results', 'data-embedded-100000', 'sample-answer.json') },
    times: { type: 'string', default: '2000' },
  },
});
const times = Number(opts.times);
if (!Number.isInteger(times) || times < 100) throw new Error('--times must be an integer ≥ 100');
if (!fs.existsSync(opts.answer))
  throw new Error(`no answer at ${opts.answer}: run npm run bench:instructions first, or pass --answer FILE`);

const program = `
const zlib = require('node:zlib');
const answer = require('node:fs').readFileSync(process.argv[1]);
const [mode, times] = [process.argv[2], Number(process.argv[3])];
const compress = { none: () => answer, gzip: () => zlib.gzipSync(answer),
  br: () => zlib.brotliCompressSync(answer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) }[mode];
let bytes = 0;
for (let i = 0; i < times; i++) bytes += compress().length;
process.stdout.write(String(bytes / times));
`;

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-compression-'));
function instructions(mode) {
  const outFile = path.join(outDir, `${mode}.out`);
  const size = execFileSync(
    'valgrind',
    ['--tool=callgrind', `--callgrind-out-file=${outFile}`, process.execPath, '-e', program, opts.answer, mode, String(times)],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  ).toString();
  const summary = /^summary:\s+(\d+)/m.exec(fs.readFileSync(outFile, 'utf8'));
  if (!summary) throw new Error(`no callgrind summary for ${mode}`);
  return { total: Number(summary[1]), size: Number(size) };
}

const bytes = fs.statSync(opts.answer).size;
process.stderr.write(`compressing a ${bytes}-byte answer ${times} times per mode under callgrind…\n`);
const none = instructions('none');
for (const mode of ['gzip', 'br']) {
  const run = instructions(mode);
  const per = (run.total - none.total) / times / 1000;
  console.log(`${mode}: ${per.toFixed(1)} thousand instructions per answer, ${bytes} → ${Math.round(run.size)} bytes`);
}
fs.rmSync(outDir, { recursive: true, force: true });
