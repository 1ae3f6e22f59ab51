/* global setTimeout, clearTimeout */
// Plain JS so the jest global setup (which has no TypeScript transform) can use it too.

/** Whether a spawned child has ended. */
function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Asks a child to stop (SIGTERM), kills it after `graceMs`, and resolves once it has exited. */
function stopChild(child, graceMs = 5000) {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

module.exports = { exited, stopChild };
