// The shell's texts among the page's texts (the SDK's registry, shared with every remote;
// the remote loader adds each remote's namespace as it loads).
import { addTexts, useTexts } from '@kabuto/shared-sdk';
import { SHELL_NS, SHELL_TEXTS, type ShellTextKey } from './shell-texts';

/** The shell's own texts, before its first render. */
export function addShellTexts(): void {
  addTexts(SHELL_NS, SHELL_TEXTS);
}

/** t() of the shell's namespace, and the page language. */
export const useShellTexts = () => useTexts<ShellTextKey>(SHELL_NS);
