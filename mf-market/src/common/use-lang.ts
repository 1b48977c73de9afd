// The page language from the store (the shell keeps it in sync with i18next).
import { selectLang, useAppSelector, type Lang } from '@kabuto/shared-sdk';

export function useLang(): Lang {
  return useAppSelector(selectLang);
}
