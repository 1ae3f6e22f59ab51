// Runs once before all test files. Kept as plain JS so jest needs no transform for it.
module.exports = async () => {
  process.env.LOG_LEVEL ??= 'error';
};
