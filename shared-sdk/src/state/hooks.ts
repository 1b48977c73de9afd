import { useEffect } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './store';
import { setHeader } from './ui-slice';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/** For pages whose header title depends on data (the shell sets static titles from titleKey). */
export function usePageTitle(title: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(setHeader({ title }));
  }, [dispatch, title]);
}
