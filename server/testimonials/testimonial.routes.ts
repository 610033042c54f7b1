// Tag "testimonial" (issue 31).
import type { TagModule } from '../http/operations.ts';
import * as service from './testimonial.service.ts';

export const testimonialRoutes: TagModule<'getTestimonials' | 'addTestimonial' | 'updateTestimonial' | 'deleteTestimonial' | 'orderTestimonials'> = {
  tag: 'testimonial',
  handlers: {
    // The administrator's token (checked by the route) brings the unpublished ones.
    getTestimonials: async (_arg, { userId, services: { db, cache } }) =>
      userId !== null
        ? cache.get('testimonials-all', () => service.listTestimonials(db, false))
        : cache.get('testimonials', () => service.listTestimonials(db, true)),
    addTestimonial: async ({ testimonial }, { services: { db } }) => service.addTestimonial(db, testimonial),
    updateTestimonial: async ({ id, testimonial }, { services: { db } }) => service.updateTestimonial(db, id, testimonial),
    deleteTestimonial: async ({ id }, { services: { db } }) => service.deleteTestimonial(db, id),
    orderTestimonials: async ({ listOrder }, { services: { db } }) => service.orderTestimonials(db, listOrder),
  },
};
