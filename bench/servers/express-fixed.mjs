// Baseline (1): a plain Express 5 app, default settings, answering a fixed JSON body on every route.
import fs from 'node:fs';
import express from 'express';

const body = JSON.parse(fs.readFileSync(process.env.BENCH_BODY_FILE, 'utf8'));
const app = express();
app.all('/{*path}', (_req, res) => {
  res.json(body);
});
app.listen(Number(process.env.PORT), '127.0.0.1');
// Exit on the bench's SIGTERM rather than die of it, so that --cpu-prof (bench --profile) writes its profile.
process.on('SIGTERM', () => process.exit(0));
