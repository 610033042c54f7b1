// Cache tags for the generated endpoints, so that every mutation refreshes the lists that
// show what it changed. Components import hooks from this file only.
import { generatedApi } from './generated';

const lists = (type: 'Category' | 'ProjectType' | 'Project' | 'Gallery' | 'SubType' | 'User' | 'Image' | 'Quote' | 'Site' | 'Menu' | 'Testimonial') =>
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
    addCategory: { invalidatesTags: ['Category'] },
    updateCategory: { invalidatesTags: ['Category'] },
    // The menu leaves out an entry whose category or type is gone.
    deleteCategory: { invalidatesTags: ['Category', 'Menu'] },
    orderCategories: { invalidatesTags: ['Category'] },

    getProjectTypes: lists('ProjectType'),
    getProjectTypesByCategory: lists('ProjectType'),
    addProjectType: { invalidatesTags: ['ProjectType', 'Image'] },
    updateProjectType: { invalidatesTags: ['ProjectType', 'SubType', 'Image'] },
    deleteProjectType: { invalidatesTags: ['ProjectType', 'SubType', 'Image', 'Menu'] },
    orderProjectTypes: { invalidatesTags: ['ProjectType'] },

    getProjects: lists('Project'),
    getProjectsByType: lists('Project'),
    getProject: lists('Project'),
    getRandomProjects: lists('Project'),
    addProject: { invalidatesTags: ['Project', 'Image'] },
    updateProject: { invalidatesTags: ['Project', 'Image'] },
    // A testimonial about a deleted project is about none.
    deleteProject: { invalidatesTags: ['Project', 'Image', 'Testimonial'] },
    orderProjects: { invalidatesTags: ['Project'] },
    // A project's gallery: read with the project (GET /api/project/{id}); its photos are in use.
    getGallery: lists('Gallery'),
    addGalleryItem: { invalidatesTags: ['Gallery', 'Project', 'Image'] },
    updateGalleryItem: { invalidatesTags: ['Gallery', 'Project', 'Image'] },
    deleteGalleryItem: { invalidatesTags: ['Gallery', 'Project', 'Image'] },
    orderGallery: { invalidatesTags: ['Gallery', 'Project'] },

    getSubTypes: lists('SubType'),
    addSubType: { invalidatesTags: ['SubType'] },
    deleteSubType: { invalidatesTags: ['SubType'] },

    // The photo library: uploads, deletions and every record that starts or stops using a photo.
    getImages: lists('Image'),
    uploadImage: { invalidatesTags: ['Image'] },
    deleteImage: { invalidatesTags: ['Image'] },

    // Quote requests (issue 17): a new request, a mark or a deletion refreshes the inbox.
    getQuotes: lists('Quote'),
    getQuote: lists('Quote'),
    sendQuote: { invalidatesTags: ['Quote'] },
    updateQuote: { invalidatesTags: ['Quote'] },
    deleteQuote: { invalidatesTags: ['Quote'] },
    // A private photo is read with the administrator's token (an <img> cannot send it): the
    // answer becomes an object URL the page shows.
    getQuotePhoto: {
      query: ({ id, number }) => ({
        url: `/api/quote/${id}/photo/${number}`,
        responseHandler: async (response: Response) => (response.ok ? URL.createObjectURL(await response.blob()) : response.json()),
      }),
      keepUnusedDataFor: 600,
    },

    // The site's settings (issue 14): read by every public page; their photos are in use.
    getSite: lists('Site'),
    updateSite: { invalidatesTags: ['Site', 'Image'] },
    getMenu: lists('Menu'),
    getMenuForEdit: lists('Menu'),
    updateMenu: { invalidatesTags: ['Menu'] },

    // Clients' testimonials (issue 31).
    getTestimonials: lists('Testimonial'),
    addTestimonial: { invalidatesTags: ['Testimonial'] },
    updateTestimonial: { invalidatesTags: ['Testimonial'] },
    deleteTestimonial: { invalidatesTags: ['Testimonial'] },
    orderTestimonials: { invalidatesTags: ['Testimonial'] },

    getUsers: lists('User'),
    addUser: { invalidatesTags: ['User'] },
    updateUser: { invalidatesTags: ['User'] },
    deleteUser: { invalidatesTags: ['User'] },
  },
});

export * from './generated';
