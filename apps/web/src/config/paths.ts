/** The one registry of client routes; components link through it, never through string literals. */
export const paths = {
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  marketplace: { path: '/marketplace', getHref: () => '/marketplace' },
  login: { path: '/login', getHref: () => '/login' },
  signup: { path: '/signup', getHref: () => '/signup' },
  register: { path: '/register', getHref: () => '/register' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  settings: {
    path: '/settings/:settingsPage?',
    getHref: (page?: string) => (page ? `/settings/${page}` : '/settings'),
  },
  admin: {
    root: { path: '/admin' },
    users: { path: 'users', getHref: () => '/admin/users' },
  },
} as const;
