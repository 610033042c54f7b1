import { renderHook } from '@testing-library/react';
import { useSwipe, type SwipeStep } from './useSwipe';

/** Presses at (100, 100) at time 0, lifts after moving (dx, dy) in `ms`; the steps it reported. */
function gesture(dx: number, dy: number, ms: number) {
  const steps: SwipeStep[] = [];
  const { result } = renderHook(() => useSwipe((step) => steps.push(step)));
  result.current.start(100, 100, 0);
  const swiped = result.current.end(100 + dx, 100 + dy, ms);
  expect(swiped).toBe(steps.length === 1);
  return steps;
}

test('a swipe is over 30 px across, under 1000 ms, more than 3 times as far across as down', () => {
  expect(gesture(-31, 0, 999)).toEqual([1]); // to the left: the next photo
  expect(gesture(31, 10, 999)).toEqual([-1]); // to the right: the previous one
  expect(gesture(-60, -19, 300)).toEqual([1]); // upward drift counts like downward
  expect(gesture(30, 0, 300)).toEqual([]); // not over 30 px
  expect(gesture(-30, 0, 300)).toEqual([]);
  expect(gesture(80, 0, 1000)).toEqual([]); // not under 1000 ms
  expect(gesture(60, 20, 300)).toEqual([]); // exactly 3 times: not more
  expect(gesture(60, -20, 300)).toEqual([]);
});

test('a lift without a press, or after a cancel, is no swipe', () => {
  const steps: SwipeStep[] = [];
  const { result } = renderHook(() => useSwipe((step) => steps.push(step)));
  expect(result.current.end(0, 0, 100)).toBe(false);
  result.current.start(100, 100, 0);
  result.current.cancel();
  expect(result.current.end(0, 100, 100)).toBe(false);
  result.current.start(100, 100, 0);
  expect(result.current.end(0, 100, 100)).toBe(true);
  expect(result.current.end(0, 100, 200)).toBe(false); // one lift, one swipe
  expect(steps).toEqual([1]);
});
