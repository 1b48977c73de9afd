// The floor of any Kabuto host: the product's stack (bootstrap.tsx) and the federation runtime, built with
// the same mf-build configuration as the shell.
// `void`: nothing to wait for; a failed load stays an unhandled rejection, which the browser reports.
void import('./bootstrap');
