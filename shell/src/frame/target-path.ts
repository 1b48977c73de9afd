// The page to return to from the personal centre (spec §2: the gear stores the
// return address first). Kept in sessionStorage too, so a reload keeps it.
export const TARGET_PATH_KEY = 'targetPath';

export function rememberTargetPath(path: string): void {
  try {
    sessionStorage.setItem(TARGET_PATH_KEY, path);
  } catch {
    // Private mode or a full quota: the Redux copy still works for this visit.
  }
}

export function readTargetPath(): string | null {
  try {
    return sessionStorage.getItem(TARGET_PATH_KEY);
  } catch {
    return null;
  }
}
