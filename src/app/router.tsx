import { Navigate, type RouteObject } from 'react-router';
import { Layout } from '../features/layout/Layout';
import { NotFoundPage } from '../features/layout/NotFoundPage';
import { WelcomePage } from '../features/welcome/WelcomePage';
import { TypesListPage } from '../features/gallery/TypesListPage';
import { ProjectTypePage } from '../features/gallery/ProjectTypePage';
import { ProjectPage } from '../features/gallery/ProjectPage';
import { AboutPage } from '../features/pages/AboutPage';
import { ContactPage } from '../features/pages/ContactPage';
import type * as AdminScreens from '../features/admin/screens';
import { paths } from './paths';

// Admin screens live in their own chunk: public pages never download them (nor
// React Final Form, nor md5).
const adminScreen = (name: keyof typeof AdminScreens) => ({
  lazy: async () => {
    const screens = await import(/* webpackChunkName: "admin" */ '../features/admin/screens');
    return { Component: screens[name] };
  },
});

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to={paths.welcome.href()} replace /> },
      { path: paths.welcome.path, element: <WelcomePage /> },
      { path: paths.typesList.path, element: <TypesListPage /> },
      { path: paths.projectType.path, element: <ProjectTypePage /> },
      { path: paths.project.path, element: <ProjectPage /> },
      { path: paths.contact.path, element: <ContactPage /> },
      { path: paths.about.path, element: <AboutPage /> },
      { path: paths.admin.menu.path, ...adminScreen('AdminMenuScreen') },
      { path: paths.admin.project.path, ...adminScreen('ProjectEditorScreen') },
      { path: paths.admin.projectType.path, ...adminScreen('ProjectTypeEditorScreen') },
      { path: paths.admin.category.path, ...adminScreen('CategoryEditorScreen') },
      { path: paths.admin.subType.path, ...adminScreen('SubTypeEditorScreen') },
      { path: paths.admin.user.path, ...adminScreen('UserEditorScreen') },
      { path: paths.admin.login.path, ...adminScreen('LoginScreen') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
