// Cache tags for the administrator's endpoints (src/api/generatedAdmin.ts: the calls that need an
// administrator's token), injected by the admin's chunk alone. Admin components import every hook
// from this file; public pages import from api.enhanced.ts, which never loads these.
import { lists } from './api.enhanced';
import { generatedAdminApi } from './generatedAdmin';

/** What a refused sign-in carries: the contract's {Result, Message}, plus Retry-After on a 429. */
export interface LoginErrorData {
  Result?: boolean;
  Message?: string;
  /** Seconds to wait before trying again (the Retry-After header of a 429). */
  RetryAfter?: number;
}

export const adminApi = generatedAdminApi.enhanceEndpoints({
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

    addCategory: { invalidatesTags: ['Category', 'Journal'] },
    updateCategory: { invalidatesTags: ['Category', 'Journal', 'History'] },
    // The menu leaves out an entry whose category or type is gone.
    deleteCategory: { invalidatesTags: ['Category', 'Menu', 'Trash', 'Journal'] },
    orderCategories: { invalidatesTags: ['Category', 'Journal'] },

    addProjectType: { invalidatesTags: ['ProjectType', 'Image', 'Journal'] },
    updateProjectType: { invalidatesTags: ['ProjectType', 'SubType', 'Image', 'Journal', 'History'] },
    deleteProjectType: { invalidatesTags: ['ProjectType', 'SubType', 'Image', 'Menu', 'Trash', 'Journal'] },
    orderProjectTypes: { invalidatesTags: ['ProjectType', 'Journal'] },

    addProject: { invalidatesTags: ['Project', 'Image', 'Journal'] },
    updateProject: { invalidatesTags: ['Project', 'Image', 'Journal', 'History'] },
    // A testimonial about a deleted project is about none.
    deleteProject: { invalidatesTags: ['Project', 'Image', 'Testimonial', 'Trash', 'Journal'] },
    orderProjects: { invalidatesTags: ['Project', 'Journal'] },
    // A project's gallery: read with the project (GET /api/project/{id}); its photos are in use.
    getGallery: lists('Gallery'),
    addGalleryItem: { invalidatesTags: ['Gallery', 'Project', 'Image', 'Journal'] },
    updateGalleryItem: { invalidatesTags: ['Gallery', 'Project', 'Image', 'Journal', 'History'] },
    deleteGalleryItem: { invalidatesTags: ['Gallery', 'Project', 'Image', 'Trash', 'Journal'] },
    orderGallery: { invalidatesTags: ['Gallery', 'Project', 'Journal'] },

    addSubType: { invalidatesTags: ['SubType', 'Journal'] },
    deleteSubType: { invalidatesTags: ['SubType', 'Trash', 'Journal'] },

    // The photo library: uploads, deletions and every record that starts or stops using a photo.
    getImages: lists('Image'),
    uploadImage: { invalidatesTags: ['Image', 'Journal'] },
    deleteImage: { invalidatesTags: ['Image', 'Trash', 'Journal'] },

    // Quote requests (issue 17): a new request, a mark or a deletion refreshes the inbox.
    getQuotes: lists('Quote'),
    getQuote: lists('Quote'),
    updateQuote: { invalidatesTags: ['Quote', 'Journal'] },
    deleteQuote: { invalidatesTags: ['Quote', 'Journal'] },
    // A private photo is read with the administrator's token (an <img> cannot send it): the
    // answer becomes an object URL the page shows.
    getQuotePhoto: {
      query: ({ id, number }) => ({
        url: `/api/quote/${id}/photo/${number}`,
        responseHandler: async (response: Response) => (response.ok ? URL.createObjectURL(await response.blob()) : response.json()),
      }),
      keepUnusedDataFor: 600,
    },

    // The site's settings and menu (issue 14): the settings' photos are in use.
    updateSite: { invalidatesTags: ['Site', 'Image', 'Journal', 'History'] },
    getMenuForEdit: lists('Menu'),
    updateMenu: { invalidatesTags: ['Menu', 'Journal', 'History'] },

    // Clients' testimonials (issue 31).
    addTestimonial: { invalidatesTags: ['Testimonial', 'Journal'] },
    updateTestimonial: { invalidatesTags: ['Testimonial', 'Journal'] },
    deleteTestimonial: { invalidatesTags: ['Testimonial', 'Journal'] },
    orderTestimonials: { invalidatesTags: ['Testimonial', 'Journal'] },

    getUsers: lists('User'),
    addUser: { invalidatesTags: ['User', 'Journal'] },
    updateUser: { invalidatesTags: ['User', 'Journal'] },
    deleteUser: { invalidatesTags: ['User', 'Trash', 'Journal'] },

    // The safety net (issue 28): a restore may bring back anything, so every list is read again.
    getTrash: lists('Trash'),
    restoreTrash: { invalidatesTags: ['Category', 'ProjectType', 'Project', 'Gallery', 'SubType', 'User', 'Menu', 'Site', 'Image', 'Trash', 'Journal'] },
    deleteTrash: { invalidatesTags: ['Trash', 'Journal'] },
    getJournal: { ...lists('Journal'), keepUnusedDataFor: 0 },
    getStats: { keepUnusedDataFor: 0 },
    getHistory: lists('History'),
    restoreVersion: { invalidatesTags: ['Category', 'ProjectType', 'Project', 'Menu', 'Site', 'History', 'Journal'] },

    // The administrator's second factors (issue 29), under the administrators' tag (a new tag
    // type would be in every page's bundle, baseApi.ts).
    getAccountSecurity: { ...lists('User'), keepUnusedDataFor: 0 },
    setupTotp: { invalidatesTags: ['Journal'] },
    confirmTotp: { invalidatesTags: ['User', 'Journal'] },
    deleteTotp: { invalidatesTags: ['User', 'Journal'] },
    regenerateRecoveryCodes: { invalidatesTags: ['User', 'Journal'] },
    // Passkeys: a registration or removal changes the account's list (a proof's use, its last use).
    addPasskey: { invalidatesTags: ['User', 'Journal'] },
    deletePasskey: { invalidatesTags: ['User', 'Journal'] },
  },
});

export * from './api.enhanced';
export * from './generatedAdmin';
