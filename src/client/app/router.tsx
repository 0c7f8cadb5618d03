import { Navigate, type RouteObject } from 'react-router';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteError } from './routes/route-error.tsx';
import { LandingPage } from './routes/landing.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { FullPageSpinner } from '../components/ui/full-page-spinner.tsx';

/**
 * The landing page and public layout ship in the entry chunk; every other page is split out and
 * loaded on navigation (route `lazy`). main.tsx makes the browser router from these;
 * scripts/prerender.tsx renders the public pages to HTML with them at build time.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        Component: PublicLayout,
        errorElement: <RouteError />,
        children: [
          { index: true, Component: LandingPage },
          { path: 'about', lazy: () => import('./routes/about.tsx') },
          { path: 'contact', lazy: () => import('./routes/contact.tsx') },
          { path: 'privacy', lazy: () => import('./routes/privacy.tsx') },
          { path: 'terms', lazy: () => import('./routes/terms.tsx') },
          { path: 'date-checker', lazy: () => import('./routes/date-checker.tsx') },
          { path: 'blog', lazy: () => import('./routes/blog.tsx') },
          { path: 'blog/:slug', lazy: () => import('./routes/blog-post.tsx') },
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        lazy: () => import('./layouts/auth-layout.tsx'),
        errorElement: <RouteError />,
        children: [
          { path: 'auth', lazy: () => import('./routes/auth.tsx') },
          { path: 'verify-email', lazy: () => import('./routes/verify-email.tsx') },
        ],
      },
      {
        path: 'dashboard',
        lazy: () => import('./layouts/dashboard-layout.tsx'),
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./routes/dashboard-index.tsx') },
          { path: 'messages', lazy: () => import('./routes/dashboard-messages.tsx') },
          { path: 'history', lazy: () => import('./routes/dashboard-history.tsx') },
          { path: 'add', lazy: () => import('./routes/dashboard-add.tsx') },
          { path: 'edit/:id', lazy: () => import('./routes/dashboard-edit.tsx') },
          { path: 'date-check', lazy: () => import('./routes/dashboard-date-check.tsx') },
          { path: 'public-pages', lazy: () => import('./routes/dashboard-public-pages.tsx') },
          { path: 'single-api', lazy: () => import('./routes/dashboard-single-api.tsx') },
          { path: 'webhooks', lazy: () => import('./routes/dashboard-webhooks.tsx') },
          { path: 'settings', lazy: () => import('./routes/dashboard-settings.tsx') },
          { path: '*', element: <NotFoundPage dashboard /> },
        ],
      },
      {
        path: 'admin',
        lazy: () => import('./layouts/admin-layout.tsx'),
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./routes/admin-dashboard.tsx') },
          { path: 'blog', lazy: () => import('./routes/admin-blog.tsx') },
          { path: 'users', lazy: () => import('./routes/admin-users.tsx') },
          { path: 'analytics', lazy: () => import('./routes/admin-analytics.tsx') },
          { path: 'settings', lazy: () => import('./routes/admin-settings.tsx') },
          { path: '*', element: <NotFoundPage admin /> },
        ],
      },
      // Public share pages: standalone, no site navigation, no sign-in.
      { path: 'api/:hash', lazy: () => import('./routes/public-page.tsx') },
      { path: 'single/:hash', lazy: () => import('./routes/single-endpoint.tsx') },
      {
        // The short /edit/{id}: same page, same guard and layout as /dashboard/edit/{id}.
        path: 'edit',
        lazy: () => import('./layouts/dashboard-layout.tsx'),
        errorElement: <RouteError />,
        children: [
          { path: ':id', lazy: () => import('./routes/dashboard-edit.tsx') },
          { index: true, element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];
