// Cache tags for the generated endpoints, so that every mutation refreshes the lists that
// show what it changed. Components import hooks from this file only.
import { generatedApi } from './generated';

const lists = (type: 'Category' | 'ProjectType' | 'Project' | 'SubType' | 'User') =>
  ({ providesTags: [type] }) as const;

export const api = generatedApi.enhanceEndpoints({
  endpoints: {
    getCategories: lists('Category'),
    addCategory: { invalidatesTags: ['Category'] },
    updateCategory: { invalidatesTags: ['Category'] },
    deleteCategory: { invalidatesTags: ['Category'] },

    getProjectTypes: lists('ProjectType'),
    getProjectTypesByCategory: lists('ProjectType'),
    addProjectType: { invalidatesTags: ['ProjectType'] },
    updateProjectType: { invalidatesTags: ['ProjectType', 'SubType'] },
    deleteProjectType: { invalidatesTags: ['ProjectType', 'SubType'] },

    getProjects: lists('Project'),
    getProjectsByType: lists('Project'),
    getProject: lists('Project'),
    getRandomProjects: lists('Project'),
    addProject: { invalidatesTags: ['Project'] },
    updateProject: { invalidatesTags: ['Project'] },
    deleteProject: { invalidatesTags: ['Project'] },

    getSubTypes: lists('SubType'),
    addSubType: { invalidatesTags: ['SubType'] },
    deleteSubType: { invalidatesTags: ['SubType'] },

    getUsers: lists('User'),
    addUser: { invalidatesTags: ['User'] },
    updateUser: { invalidatesTags: ['User'] },
    deleteUser: { invalidatesTags: ['User'] },
  },
});

export * from './generated';
