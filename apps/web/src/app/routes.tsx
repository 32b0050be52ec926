import { Outlet, type RouteObject } from 'react-router';
import { lazyPage } from './lazyPage.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PublicLayout } from './PublicLayout.tsx';
import { RouteErrorBoundary } from './RouteErrorPage.tsx';
import { ShellLayout } from './ShellLayout.tsx';

// One chunk per page, so the first screen loads only what it shows.
const HomePage = lazyPage(() => import('../features/home/HomePage.tsx'), 'HomePage');
const LoginPage = lazyPage(() => import('../features/login/LoginPage.tsx'), 'LoginPage');
const LogoutPage = lazyPage(() => import('../features/login/LogoutPage.tsx'), 'LogoutPage');
const TransferPage = lazyPage(() => import('../features/transfer/TransferPage.tsx'), 'TransferPage');
const ReleaseInfoPage = lazyPage(() => import('../features/release/ReleaseInfoPage.tsx'), 'ReleaseInfoPage');
const PluginListPage = lazyPage(() => import('../features/plugin/PluginListPage.tsx'), 'PluginListPage');
const PluginDetailsPage = lazyPage(
  () => import('../features/plugin/PluginDetailsPage.tsx'),
  'PluginDetailsPage',
);
const ScheduleOverviewPage = lazyPage(
  () => import('../features/schedule/ScheduleOverviewPage.tsx'),
  'ScheduleOverviewPage',
);
const ConfigListPage = lazyPage(() => import('../features/config/ConfigListPage.tsx'), 'ConfigListPage');
const ConfigEditPage = lazyPage(() => import('../features/config/ConfigEditPage.tsx'), 'ConfigEditPage');
const AbTestListPage = lazyPage(() => import('../features/abtest/AbTestListPage.tsx'), 'AbTestListPage');
const AbTestDetailsPage = lazyPage(
  () => import('../features/abtest/AbTestDetailsPage.tsx'),
  'AbTestDetailsPage',
);
const LevelsPage = lazyPage(() => import('../features/levels/LevelsPage.tsx'), 'LevelsPage');
const CompensationPage = lazyPage(
  () => import('../features/compensation/CompensationPage.tsx'),
  'CompensationPage',
);
const UserAdminPage = lazyPage(() => import('../features/progression/UserAdminPage.tsx'), 'UserAdminPage');
const EnvironmentsPage = lazyPage(
  () => import('../features/environments/EnvironmentsPage.tsx'),
  'EnvironmentsPage',
);
const ConnectionsPage = lazyPage(
  () => import('../features/connections/ConnectionsPage.tsx'),
  'ConnectionsPage',
);
const NiceConfigPage = lazyPage(() => import('../features/nice/NiceConfigPage.tsx'), 'NiceConfigPage');
const AuditLogPage = lazyPage(() => import('../features/audit/AuditLogPage.tsx'), 'AuditLogPage');
const PlayerPreviewPage = lazyPage(
  () => import('../features/preview/PlayerPreviewPage.tsx'),
  'PlayerPreviewPage',
);
const UsersPage = lazyPage(() => import('../features/users/UsersPage.tsx'), 'UsersPage');
const RevisionHistoryPage = lazyPage(
  () => import('../features/revisions/RevisionHistoryPage.tsx'),
  'RevisionHistoryPage',
);
const EnvironmentComparisonPage = lazyPage(
  () => import('../features/revisions/EnvironmentComparisonPage.tsx'),
  'EnvironmentComparisonPage',
);
const ChangeRequestListPage = lazyPage(
  () => import('../features/change-requests/ChangeRequestListPage.tsx'),
  'ChangeRequestListPage',
);
const ChangeRequestPage = lazyPage(
  () => import('../features/change-requests/ChangeRequestPage.tsx'),
  'ChangeRequestPage',
);
const WebhooksPage = lazyPage(() => import('../features/webhooks/WebhooksPage.tsx'), 'WebhooksPage');

/** The route table. Later issues replace a page file, never this table. Rendered by `useRoutes`. */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <PublicLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/logout', element: <LogoutPage /> },
    ],
  },
  {
    path: '/',
    // The shell's own failures (a chunk it loads after the first screen that cannot be fetched) show the
    // error page instead of an empty window.
    element: (
      <RouteErrorBoundary>
        <ShellLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // A page that fails shows the error page below the navigation bar.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, element: <HomePage /> },
          { path: 'transfer', element: <TransferPage /> },
          { path: 'release', element: <ReleaseInfoPage /> },
          { path: 'plugin', element: <PluginListPage /> },
          { path: 'plugin/overview', element: <ScheduleOverviewPage /> },
          { path: 'plugin/:id', element: <PluginDetailsPage /> },
          { path: 'config', element: <ConfigListPage /> },
          { path: 'config/:type/create', element: <ConfigEditPage /> },
          { path: 'config/:type/:id/edit', element: <ConfigEditPage /> },
          { path: 'abtest', element: <AbTestListPage /> },
          { path: 'abtest/:id', element: <AbTestDetailsPage /> },
          { path: 'levels', element: <LevelsPage /> },
          { path: 'preview', element: <PlayerPreviewPage /> },
          { path: 'system/compensation', element: <CompensationPage /> },
          { path: 'system/user-admin', element: <UserAdminPage /> },
          { path: 'system/connections', element: <ConnectionsPage /> },
          { path: 'environments', element: <EnvironmentsPage /> },
          { path: 'webhooks', element: <WebhooksPage /> },
          { path: 'system/nice', element: <NiceConfigPage /> },
          { path: 'audit', element: <AuditLogPage /> },
          { path: 'security/users', element: <UsersPage /> },
          { path: 'security/revisions', element: <RevisionHistoryPage /> },
          { path: 'security/compare', element: <EnvironmentComparisonPage /> },
          { path: 'change-requests', element: <ChangeRequestListPage /> },
          { path: 'change-requests/:id', element: <ChangeRequestPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
