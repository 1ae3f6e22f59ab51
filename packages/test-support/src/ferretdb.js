/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, loaded by jest without a transform */
/* global setTimeout */
// Starts and stops FerretDB (MongoDB wire protocol over SQLite) for tests. Plain CommonJS so the jest
// global setup can use it without a transform; types in ferretdb.d.ts.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { exited, stopChild } = require('./child-process');

const FERRETDB_VERSION = 'v1.24.2';

/** Where scripts/ferretdb.sh puts the binary it builds. */
function cachedBinaryPath(env = process.env) {
  const tools = env.BYLINE_TOOLS_DIR || path.join(os.homedir(), '.cache', 'byline-tools');
  return path.join(tools, `ferretdb-${FERRETDB_VERSION}`, 'ferretdb');
}

/** FERRETDB_BIN, else the scripts/ferretdb.sh cache path; null when neither is an executable file. */
function findFerretDbBinary(env = process.env) {
  for (const candidate of [env.FERRETDB_BIN, cachedBinaryPath(env)]) {
    if (!candidate) continue;
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not there
    }
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function spawnFerretDb(bin, dataDir, port) {
  const child = spawn(
    bin,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${dataDir}/`,
      `--listen-addr=127.0.0.1:${port}`,
      `--state-dir=${dataDir}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const chunks = [];
  child.stdout.on('data', (chunk) => chunks.push(String(chunk)));
  child.stderr.on('data', (chunk) => chunks.push(String(chunk)));
  child.once('error', (error) => chunks.push(String(error)));
  return { child, output: () => chunks.join('') };
}

async function waitForPort(child, port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(child)) return false;
    if (await canConnect(port)) return true;
    await sleep(50);
  }
  return false;
}

/**
 * Starts FerretDB with the SQLite handler on 127.0.0.1. Without a port, a free one is picked (and another
 * tried if it was taken in between); without a data directory, a fresh temporary one is used.
 * `stop()` ends the process and keeps the data; `start()` runs it again on the same port and data, as a
 * database coming back after an outage would; `dispose()` stops it and removes a temporary directory.
 */
async function startFerretDb(options = {}) {
  const bin = options.bin || findFerretDbBinary();
  if (!bin) throw new Error('FerretDB binary not found: run scripts/ferretdb.sh or set FERRETDB_BIN');
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir || fs.mkdtempSync(path.join(os.tmpdir(), 'byline-ferretdb-'));
  let port = options.port;
  let running;
  let lastOutput = '';
  for (let attempt = 0; attempt < 3 && !running; attempt++) {
    const candidate = port || (await freePort());
    const spawned = spawnFerretDb(bin, dataDir, candidate);
    if (await waitForPort(spawned.child, candidate, options.readyTimeoutMs || 15000)) {
      running = spawned;
      port = candidate;
    } else {
      lastOutput = spawned.output();
      await stopChild(spawned.child);
      if (options.port) break;
    }
  }
  if (!running) throw new Error(`FerretDB did not start:\n${lastOutput}`);

  const server = {
    port,
    dataDir,
    uri: `mongodb://127.0.0.1:${port}/`,
    get pid() {
      return running.child.pid;
    },
    output: () => running.output(),
    async stop() {
      await stopChild(running.child);
    },
    async start() {
      if (!exited(running.child)) return;
      for (let attempt = 0; attempt < 20; attempt++) {
        const spawned = spawnFerretDb(bin, dataDir, port);
        if (await waitForPort(spawned.child, port, options.readyTimeoutMs || 15000)) {
          running = spawned;
          return;
        }
        lastOutput = spawned.output();
        await stopChild(spawned.child);
        await sleep(250); // the port may linger briefly after the previous process
      }
      throw new Error(`FerretDB did not restart on port ${port}:\n${lastOutput}`);
    },
    /** Synchronous best effort for process exit hooks. */
    kill() {
      if (!exited(running.child)) running.child.kill('SIGKILL');
    },
    async dispose() {
      await stopChild(running.child);
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

module.exports = { FERRETDB_VERSION, cachedBinaryPath, findFerretDbBinary, startFerretDb };
