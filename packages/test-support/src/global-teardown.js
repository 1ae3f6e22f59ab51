/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, loaded by jest without a transform */
// Runs once after all test files: stops the FerretDB that global-setup.js started, if any.
const { SERVER_KEY } = require('./global-setup');

module.exports = async () => {
  const server = globalThis[SERVER_KEY];
  if (!server) return;
  delete globalThis[SERVER_KEY];
  await server.dispose();
};
