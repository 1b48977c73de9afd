// The floor of any Kabuto host: React + ReactDOM + the federation runtime, built with
// the same mf-build configuration as the shell, rendering nothing.
// `void`: nothing to wait for; a failed load stays an unhandled rejection, which the browser reports.
void import('./bootstrap');
