// The floor of any Kabuto host: React + ReactDOM + the federation runtime, built with
// the same mf-build configuration as the shell, rendering nothing.
import('./bootstrap');
