// Baseline (2): bare node:http answering the same fixed JSON body (serialised per request, as Express does).
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import http from 'node:http';

const body = JSON.parse(fs.readFileSync(process.env.BENCH_BODY_FILE, 'utf8'));
http
  .createServer((_req, res) => {
    const json = JSON.stringify(body);
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) });
    res.end(json);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
// Exit on the bench's SIGTERM rather than die of it, so that --cpu-prof (bench --profile) writes its profile.
process.on('SIGTERM', () => process.exit(0));
