// The photo popup, fetched when it is first opened (the welcome carousel's projects, a project's
// gallery): no page loads it before. One chunk for both.
import { lazy, Suspense, type ComponentProps } from 'react';

const Lightbox = lazy(() => import(/* webpackChunkName: "lightbox" */ './Lightbox').then((module) => ({ default: module.Lightbox })));

export type { Slide } from './Lightbox';

export function LazyLightbox(props: ComponentProps<typeof Lightbox>) {
  return (
    <Suspense fallback={null}>
      <Lightbox {...props} />
    </Suspense>
  );
}
