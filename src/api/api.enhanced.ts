// Cache tags for the generated endpoints, so that every mutation refreshes the lists that
// show what it changed. Components import hooks from this file only.
import { generatedApi } from './generated';

export const lists = (type: 'Category' | 'ProjectType' | 'Project' | 'Gallery' | 'SubType' | 'User' | 'Image' | 'Quote' | 'Site' | 'Menu' | 'Testimonial' | 'Trash' | 'Journal' | 'History') =>
  ({ providesTags: [type] }) as const;

export const api = generatedApi.enhanceEndpoints({
  endpoints: {
    getCategories: lists('Category'),
    getProjectTypes: lists('ProjectType'),
    getProjectTypesByCategory: lists('ProjectType'),
    getProjects: lists('Project'),
    getProjectsByType: lists('Project'),
    getProject: lists('Project'),
    getRandomProjects: lists('Project'),
    getSubTypes: lists('SubType'),
    sendQuote: { invalidatesTags: ['Quote'] },
    getSite: lists('Site'),
    getMenu: lists('Menu'),
    getTestimonials: lists('Testimonial'),
  },
});

export * from './generated';
