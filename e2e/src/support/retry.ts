// A browser test that fails is run once more, and the first failure is printed, so a
// timing flake on a loaded 2-core CI machine is visible in the log without failing the
// run; a test that fails twice fails the run.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
