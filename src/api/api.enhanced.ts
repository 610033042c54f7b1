// Cache tags for the generated endpoints, so that every mutation refreshes the lists that
// show what it changed. Components import hooks from this file only.
import { generatedApi } from './generated';

export const lists = (type: 'Category' | 'ProjectType' | 'Project' | 'Gallery' | 'SubType' | 'User' | 'Image' | 'Quote' | 'Site' | 'Menu' | 'Testimonial' | 'Trash' | 'Journal' | 'History') =>
  ({ providesTags: [type] }) as const;

/** What a refused sign-in carries: the contract's {Result, Message}, plus Retry-After on a 429. */
export interface LoginErrorData {
  Result?: boolean;
  Message?: string;
  /** Seconds to wait before trying again (the Retry-After header of a 429). */
  RetryAfter?: number;
}

export const api = generatedApi.enhanceEndpoints({
  endpoints: {
    login: {
      transformErrorResponse(error, meta) {
        const header = (meta as { response?: Response } | undefined)?.response?.headers.get('Retry-After');
        const seconds = header ? Number.parseInt(header, 10) : Number.NaN;
        if (!Number.isFinite(seconds)) return error;
        const data: LoginErrorData = { ...(error.data as LoginErrorData | undefined), RetryAfter: seconds };
        return { ...error, data };
      },
    },

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
