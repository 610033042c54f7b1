// react-slick imports resize-observer-polyfill; every browser this site supports has
// ResizeObserver natively, so the bundle uses this two-line stand-in instead (-2.5 KB gzipped).
const NativeResizeObserver = globalThis.ResizeObserver;
export default NativeResizeObserver;
