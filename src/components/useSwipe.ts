import { useRef } from 'react';

/** A swipe lasts under 1000 ms, travels over 30 px across and more than 3 times as far across as down. */
const isSwipe = (dx: number, dy: number, ms: number) =>
  ms < 1000 && Math.abs(dx) > 30 && Math.abs(dx) > 3 * Math.abs(dy);

/** -1 for a swipe to the right (back to the previous photo), 1 for one to the left (the next). */
export type SwipeStep = -1 | 1;

/**
 * One swipe gesture, whatever the events that carry it (pointer events in the carousel, touch
 * events in the popup): `start` where the finger goes down, `end` where it lifts, `cancel` when
 * the browser takes the gesture over. `end` calls `onSwipe` with the step and returns true when
 * the movement is a swipe by that rule.
 */
export function useSwipe(onSwipe: (step: SwipeStep) => void) {
  const press = useRef<{ x: number; y: number; time: number } | null>(null);
  return {
    start(x: number, y: number, time: number) {
      press.current = { x, y, time };
    },
    cancel() {
      press.current = null;
    },
    end(x: number, y: number, time: number): boolean {
      const from = press.current;
      press.current = null;
      if (!from) return false;
      const dx = x - from.x;
      if (!isSwipe(dx, y - from.y, time - from.time)) return false;
      onSwipe(dx < 0 ? 1 : -1);
      return true;
    },
  };
}
