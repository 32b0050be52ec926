/** `showsAwaitingReview`: the entry (and its menu) shows how many change requests await the user's review. */
export type NavEntry = { label: string; to: string; showsAwaitingReview?: boolean } | 'divider';

export interface NavMenuDefinition {
  label: string;
  entries: readonly NavEntry[];
}

// The navigation bar's menus, in this order.
export const NAV_MENUS: readonly NavMenuDefinition[] = [
  {
    label: 'Features',
    entries: [
      { label: 'Release Info', to: '/release' },
      'divider',
      { label: 'Plugin', to: '/plugin' },
      { label: 'Configuration', to: '/config' },
      { label: 'AB-test', to: '/abtest' },
      'divider',
      { label: 'Schedule Overview', to: '/plugin/overview' },
      { label: 'Levels', to: '/levels' },
      'divider',
      // What one player receives, and why
      { label: 'Player preview', to: '/preview' },
    ],
  },
  {
    label: 'System',
    entries: [
      { label: 'User Compensation', to: '/system/compensation' },
      { label: 'User Admin', to: '/system/user-admin' },
      'divider',
      { label: 'Connections', to: '/system/connections' },
      { label: 'NICE Config', to: '/system/nice' },
    ],
  },
  {
    label: 'Security',
    // Who may do what, beside who did what.
    entries: [
      { label: 'Audit Log', to: '/audit' },
      { label: 'Users', to: '/security/users' },
      // Four eyes on reviewed environments
      { label: 'Change Requests', to: '/change-requests', showsAwaitingReview: true },
      'divider',
      // What was published when, and how two environments differ
      { label: 'Revision History', to: '/security/revisions' },
      { label: 'Environment Comparison', to: '/security/compare' },
    ],
  },
];

/** Whether `pathname` is the page of a menu entry or below it (Schedule Overview is not a plugin page). */
export function isWithin(pathname: string, to: string): boolean {
  if (to === '/plugin')
    return pathname === '/plugin' || (pathname.startsWith('/plugin/') && pathname !== '/plugin/overview');
  return pathname === to || pathname.startsWith(`${to}/`);
}
