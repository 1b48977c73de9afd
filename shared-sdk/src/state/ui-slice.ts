// Shared UI state (spec §3): bottom menu, header, target path, current good.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface CurrentGood {
  cartId: string | number;
  goodId: string | number;
  orderKey: string | number;
}

export interface UiState {
  bottomMenuVisible: boolean;
  headerVisible: boolean;
  headerTitle: string;
  /** Where to return after an interruption, e.g. the page the gear left for the personal centre. */
  targetPath: string | null;
  currentGood: CurrentGood | null;
}

export const initialUiState: UiState = {
  bottomMenuVisible: true,
  headerVisible: true,
  headerTitle: '',
  targetPath: null,
  currentGood: null,
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    setBottomMenuVisible(state, action: PayloadAction<boolean>) {
      state.bottomMenuVisible = action.payload;
    },
    /** Only the given fields change. */
    setHeader(state, action: PayloadAction<{ title?: string; visible?: boolean }>) {
      if (action.payload.title !== undefined) state.headerTitle = action.payload.title;
      if (action.payload.visible !== undefined) state.headerVisible = action.payload.visible;
    },
    setTargetPath(state, action: PayloadAction<string | null>) {
      state.targetPath = action.payload;
    },
    setCurrentGood(state, action: PayloadAction<CurrentGood | null>) {
      state.currentGood = action.payload;
    },
  },
  selectors: {
    selectBottomMenuVisible: (state) => state.bottomMenuVisible,
    selectHeaderVisible: (state) => state.headerVisible,
    selectHeaderTitle: (state) => state.headerTitle,
    selectTargetPath: (state) => state.targetPath,
    selectCurrentGood: (state) => state.currentGood,
  },
});

export const { setBottomMenuVisible, setHeader, setTargetPath, setCurrentGood } = uiSlice.actions;
export const { selectBottomMenuVisible, selectHeaderVisible, selectHeaderTitle, selectTargetPath, selectCurrentGood } = uiSlice.selectors;
