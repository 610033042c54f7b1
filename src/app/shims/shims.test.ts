import debounce from './debounce';
import NativeResizeObserver from './resizeObserver';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('debounce calls once, with the last arguments, after the wait', () => {
  const seen: number[] = [];
  const debounced = debounce((n: number) => seen.push(n), 50);
  debounced(1);
  debounced(2);
  jest.advanceTimersByTime(49);
  expect(seen).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(seen).toEqual([2]);
});

test('a cancelled debounce never calls', () => {
  const fn = jest.fn();
  const debounced = debounce(fn, 50);
  debounced();
  debounced.cancel();
  jest.advanceTimersByTime(100);
  expect(fn).not.toHaveBeenCalled();
});

test('the ResizeObserver stand-in is the platform one', () => {
  expect(NativeResizeObserver).toBe(globalThis.ResizeObserver);
});
