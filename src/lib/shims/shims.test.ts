import debounce from './debounce';

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

test('the ResizeObserver stand-in hands react-slick the platform one', async () => {
  // jsdom has no ResizeObserver: give the page one, then load the stand-in afresh.
  class PlatformResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  expect(globalThis.ResizeObserver).toBeUndefined();
  globalThis.ResizeObserver = PlatformResizeObserver;
  try {
    await jest.isolateModulesAsync(async () => {
      const { default: standIn } = await import('./resizeObserver');
      expect(standIn).toBe(PlatformResizeObserver);
    });
  } finally {
    Reflect.deleteProperty(globalThis, 'ResizeObserver');
  }
});
