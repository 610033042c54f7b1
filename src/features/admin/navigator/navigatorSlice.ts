// The record navigator's state, one slice per editor, all made by one factory: which record is
// selected, the mode (browse / add / update) and the banner of the last operation
// (specification section 4). The list itself stays in the RTK Query cache; reducers that move
// take its current length.
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../app/store';

type Mode = 'browse' | 'add' | 'update';
export type Banner = { kind: 'success' } | { kind: 'failure'; message: string } | null;
export type Move = 'first' | 'previous' | 'next' | 'last';

export interface NavigatorState {
  /** The selected record; LAST means "the last one, whatever the length" (after an add). */
  index: number;
  mode: Mode;
  banner: Banner;
}

export const LAST = Number.MAX_SAFE_INTEGER;

export const initialNavigatorState: NavigatorState = { index: 0, mode: 'browse', banner: null };

/** The index actually shown for a list of `total` records, or -1 when the list is empty. */
export const shownIndex = (index: number, total: number) =>
  total === 0 ? -1 : Math.max(0, Math.min(index, total - 1));

/** The index after a move, and whether the move is possible at all (buttons disabled at the ends). */
function target(move: Move, index: number, total: number): number {
  const current = shownIndex(index, total);
  switch (move) {
    case 'first':
      return 0;
    case 'previous':
      return Math.max(0, current - 1);
    case 'next':
      return Math.min(total - 1, current + 1);
    case 'last':
      return total - 1;
  }
}

export function canMove(move: Move, index: number, total: number): boolean {
  if (total === 0) return false;
  const current = shownIndex(index, total);
  return move === 'first' || move === 'previous' ? current > 0 : current < total - 1;
}

/** A change of mode clears the banner of the last operation. */
function enter(state: NavigatorState, mode: Mode) {
  state.mode = mode;
  state.banner = null;
}

/** An operation the server accepted: back to browsing (on `index` when given), the success banner. */
function succeeded(state: NavigatorState, index?: number) {
  state.mode = 'browse';
  if (index !== undefined) state.index = index;
  state.banner = { kind: 'success' };
}

export function createNavigatorSlice<Name extends string>(name: Name) {
  return createSlice({
    name,
    initialState: initialNavigatorState,
    reducers: {
      /** First / previous / next / last; only while browsing. Moving clears the banner. */
      moved(state, action: PayloadAction<{ move: Move; total: number }>) {
        const { move, total } = action.payload;
        if (state.mode !== 'browse' || !canMove(move, state.index, total)) return;
        state.index = target(move, state.index, total);
        state.banner = null;
      },
      /** Nouveau: add mode, on a blank record. */
      addStarted: (state) => enter(state, 'add'),
      /** Mettre à jour: update mode on the selected record. */
      updateStarted: (state) => enter(state, 'update'),
      /** Cancel / Canceler: back to the selected record, browsing. */
      cancelled: (state) => enter(state, 'browse'),
      /** Ajouter answered Result true: leave add mode and select the last record. */
      added: (state) => succeeded(state, LAST),
      /** Accepter answered Result true. */
      updated: (state) => succeeded(state),
      /** Effacer answered Result true: select the first record. */
      deleted: (state) => succeeded(state, 0),
      /** « Annuler » after a deletion answered Result true: the record is back, selected at `index`. */
      restored: (state, action: PayloadAction<number>) => succeeded(state, action.payload),
      /** Any operation refused or failed: the banner with the message; the mode stays. */
      failed(state, action: PayloadAction<string>) {
        state.banner = { kind: 'failure', message: action.payload };
      },
    },
    selectors: {
      selectNavigator: (state) => state,
    },
  });
}

// The four editors' slices, injected into the root reducer when the admin chunk loads.
const category = createNavigatorSlice('categoryNavigator');
const projectType = createNavigatorSlice('projectTypeNavigator');
const project = createNavigatorSlice('projectNavigator');
const user = createNavigatorSlice('userNavigator');
const testimonial = createNavigatorSlice('testimonialNavigator');

declare module '../../../app/store' {
  export interface LazyLoadedSlices
    extends WithSlice<typeof category>,
      WithSlice<typeof projectType>,
      WithSlice<typeof project>,
      WithSlice<typeof user>,
      WithSlice<typeof testimonial> {}
}

export const navigators = {
  category: category.injectInto(rootReducer),
  projectType: projectType.injectInto(rootReducer),
  project: project.injectInto(rootReducer),
  user: user.injectInto(rootReducer),
  testimonial: testimonial.injectInto(rootReducer),
};

export type InjectedNavigator = (typeof navigators)[keyof typeof navigators];
