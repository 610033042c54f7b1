import { canMove, createNavigatorSlice, initialNavigatorState, LAST, shownIndex, type NavigatorState } from './navigatorSlice';

const slice = createNavigatorSlice('testNavigator');
const { actions, reducer } = slice;
const at = (state: Partial<NavigatorState>): NavigatorState => ({ ...initialNavigatorState, ...state });

describe('moving between records', () => {
  it('first / previous / next / last, within the list', () => {
    let state = reducer(undefined, actions.moved({ move: 'next', total: 3 }));
    expect(state.index).toBe(1);
    state = reducer(state, actions.moved({ move: 'last', total: 3 }));
    expect(state.index).toBe(2);
    state = reducer(state, actions.moved({ move: 'previous', total: 3 }));
    expect(state.index).toBe(1);
    state = reducer(state, actions.moved({ move: 'first', total: 3 }));
    expect(state.index).toBe(0);
  });

  it('is impossible at the ends and in an empty list (the buttons are disabled)', () => {
    expect(canMove('first', 0, 3)).toBe(false);
    expect(canMove('previous', 0, 3)).toBe(false);
    expect(canMove('next', 2, 3)).toBe(false);
    expect(canMove('last', 2, 3)).toBe(false);
    expect(canMove('next', 0, 0)).toBe(false);
    expect(canMove('next', 0, 3)).toBe(true);
    expect(reducer(at({ index: 2 }), actions.moved({ move: 'next', total: 3 })).index).toBe(2);
  });

  it('clears the banner', () => {
    const state = reducer(at({ banner: { kind: 'success' } }), actions.moved({ move: 'next', total: 2 }));
    expect(state.banner).toBeNull();
  });

  it('does not move while adding or updating', () => {
    expect(reducer(at({ mode: 'add' }), actions.moved({ move: 'next', total: 3 })).index).toBe(0);
    expect(reducer(at({ mode: 'update' }), actions.moved({ move: 'last', total: 3 })).index).toBe(0);
  });
});

describe('the shown record', () => {
  it('is none in an empty list, else the index held within the list', () => {
    expect(shownIndex(0, 0)).toBe(-1);
    expect(shownIndex(5, 3)).toBe(2);
    expect(shownIndex(LAST, 4)).toBe(3);
  });
});

describe('modes and banners', () => {
  it('Nouveau: add mode; Cancel: back to browsing the same record', () => {
    let state = reducer(at({ index: 1 }), actions.addStarted());
    expect(state).toMatchObject({ mode: 'add', index: 1 });
    state = reducer(state, actions.cancelled());
    expect(state).toMatchObject({ mode: 'browse', index: 1 });
  });

  it('Ajouter succeeded: success banner, browse mode, the last record selected', () => {
    const state = reducer(at({ mode: 'add', index: 1 }), actions.added());
    expect(state).toEqual({ mode: 'browse', index: LAST, banner: { kind: 'success' } });
    expect(shownIndex(state.index, 5)).toBe(4);
  });

  it('a refused operation: failure banner with the message, same mode', () => {
    const state = reducer(at({ mode: 'add' }), actions.failed('Nom déjà utilisé'));
    expect(state).toMatchObject({ mode: 'add', banner: { kind: 'failure', message: 'Nom déjà utilisé' } });
    expect(reducer(at({ mode: 'update' }), actions.failed('x')).mode).toBe('update');
  });

  it('Mettre à jour then Accepter succeeded: success banner, browse mode, same record', () => {
    let state = reducer(at({ index: 2, banner: { kind: 'success' } }), actions.updateStarted());
    expect(state).toMatchObject({ mode: 'update', banner: null });
    state = reducer(state, actions.updated());
    expect(state).toEqual({ mode: 'browse', index: 2, banner: { kind: 'success' } });
  });

  it('Effacer succeeded: the first record selected, success banner', () => {
    expect(reducer(at({ index: 3 }), actions.deleted())).toEqual({
      mode: 'browse',
      index: 0,
      banner: { kind: 'success' },
    });
  });
});
