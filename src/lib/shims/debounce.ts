// react-slick's only use of lodash.debounce: debounce(fn, wait) and .cancel(). This trailing-edge
// version does exactly that in a few lines instead of lodash's 10 KB (about 1 KB gzipped).
export default function debounce<Args extends unknown[]>(fn: (...args: Args) => void, wait = 0) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: Args) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, wait);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
