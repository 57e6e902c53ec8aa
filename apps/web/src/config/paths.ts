/** The one registry of client routes; components link through it, never through string literals. */
export const paths = {
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  marketplace: { path: '/marketplace', getHref: () => '/marketplace' },
  network: { path: '/marketplace/:networkId', getHref: (networkId: string) => `/marketplace/${networkId}` },
  status: { path: '/status', getHref: () => '/status' },
  map: { path: '/map', getHref: () => '/map' },
  /** How well each rover does, from the GGA it sends (issue 33, decision 0079). */
  fleet: { path: '/fleet', getHref: () => '/fleet' },
  accounts: { path: '/accounts', getHref: () => '/accounts' },
  subscriptions: { path: '/subscriptions', getHref: () => '/subscriptions' },
  credits: { path: '/credits', getHref: () => '/credits' },
  rinex: { path: '/rinex', getHref: () => '/rinex' },
  checkout: { path: '/checkout', getHref: () => '/checkout' },
  /** The help centre: connection guides and troubleshooting (docs/decisions/0074). */
  help: { path: '/help', getHref: (section?: string) => (section ? `/help#${section}` : '/help') },
  /** The current published terms and privacy documents (Admin -> Settings -> Documents). */
  legal: {
    terms: { path: '/legal/terms', getHref: () => '/legal/terms' },
    privacy: { path: '/legal/privacy', getHref: () => '/legal/privacy' },
  },
  /** What the platform told the person: stations down and back, access ending, credits low (issue 31). */
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  /** An organisation's pages (issue 14): the personal pages in its scope, plus overview, members and usage. */
  org: {
    root: { path: '/org/:orgId' },
    overview: { getHref: (orgId: string) => `/org/${orgId}` },
    accounts: { path: 'accounts', getHref: (orgId: string) => `/org/${orgId}/accounts` },
    credits: { path: 'credits', getHref: (orgId: string) => `/org/${orgId}/credits` },
    subscriptions: { path: 'subscriptions', getHref: (orgId: string) => `/org/${orgId}/subscriptions` },
    map: { path: 'map', getHref: (orgId: string) => `/org/${orgId}/map` },
    fleet: { path: 'fleet', getHref: (orgId: string) => `/org/${orgId}/fleet` },
    rinex: { path: 'rinex', getHref: (orgId: string) => `/org/${orgId}/rinex` },
    checkout: { path: 'checkout', getHref: (orgId: string) => `/org/${orgId}/checkout` },
    usage: { path: 'usage', getHref: (orgId: string) => `/org/${orgId}/usage` },
    /** Its billing details, card and invoices, for its owners and admins (decision 0073). */
    billing: { path: 'settings/billing', getHref: (orgId: string) => `/org/${orgId}/settings/billing` },
    members: { path: 'members', getHref: (orgId: string) => `/org/${orgId}/members` },
    notifications: { path: 'notifications', getHref: (orgId: string) => `/org/${orgId}/notifications` },
    /** The organisation's API keys (issue 32), for its owners and admins. */
    apiKeys: { path: 'api-keys', getHref: (orgId: string) => `/org/${orgId}/api-keys` },
    /** The organisation's webhook endpoints and their delivery log (issue 32), for its owners and admins. */
    webhooks: { path: 'webhooks', getHref: (orgId: string) => `/org/${orgId}/webhooks` },
    notificationSettings: {
      path: 'notifications/settings',
      getHref: (orgId: string) => `/org/${orgId}/notifications/settings`,
    },
  },
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
    map: { path: 'map', getHref: () => '/admin/map' },
    /** Every rover's health, one owner's (`ownerType`, `ownerId`) or one station's (`stationId`). */
    fleet: {
      path: 'fleet',
      getHref: (filter?: { stationId: string } | { ownerType: 'user' | 'organization'; ownerId: string }) =>
        filter ? `/admin/fleet?${new URLSearchParams(filter).toString()}` : '/admin/fleet',
    },
    feed: {
      path: 'feed/:networkId?',
      listPath: 'feed',
      detailPath: 'feed/:networkId',
      getHref: (networkId?: string) => (networkId ? `/admin/feed/${networkId}` : '/admin/feed'),
    },
    users: { path: 'users', getHref: () => '/admin/users' },
    /** One user's balance, NTRIP accounts, sessions, organisations and ledger; make admin, disable (issue 15). */
    user: { path: 'users/:userId', getHref: (userId: string) => `/admin/users/${encodeURIComponent(userId)}` },
    subscriptions: { path: 'subscriptions', getHref: () => '/admin/subscriptions' },
    accounts: { path: 'accounts', getHref: () => '/admin/accounts' },
    organizations: { path: 'organizations', getHref: () => '/admin/organizations' },
    /** One organisation's admin page: the list with its details open (the customer of its subscriptions). */
    organization: { path: 'organizations/:orgId', getHref: (orgId: string) => `/admin/organizations/${orgId}` },
    /** The leads of the sales flow and their forwarding to the automation webhook (issue 15). */
    salesRequests: { path: 'sales-requests', getHref: () => '/admin/sales-requests' },
    /** Every admin and money action, who did it and what changed (issue 28, decision 0064). */
    auditLog: {
      path: 'audit-log',
      /** With `target` or `actor`, the page opens filtered by it. */
      getHref: (filter: { target?: string; actor?: string } = {}) => {
        const search = new URLSearchParams(Object.entries(filter).filter(([, value]) => value)).toString();
        return `/admin/audit-log${search ? `?${search}` : ''}`;
      },
    },
    /** The recorded RTCM archive behind RINEX on demand (issue 17). */
    archive: { path: 'archive', getHref: () => '/admin/archive' },
    networks: {
      path: 'networks/:networkId?',
      listPath: 'networks',
      detailPath: 'networks/:networkId',
      getHref: (networkId?: string) => (networkId ? `/admin/networks/${networkId}` : '/admin/networks'),
    },
    products: {
      path: 'products/:productsPage?',
      getHref: (page?: string) => (page ? `/admin/products/${page}` : '/admin/products'),
    },
    settings: {
      path: 'settings/:settingsPage?',
      getHref: (page?: string) => (page ? `/admin/settings/${page}` : '/admin/settings'),
      /** The settings pages; /admin/settings itself redirects to the admin start page. */
      payments: { path: 'settings/payments' },
      invoices: { path: 'settings/invoices' },
      taxManagement: { path: 'settings/tax-management' },
      accountManagement: { path: 'settings/account-management' },
      documents: { path: 'settings/documents' },
    },
  },
} as const;

const adminPrefix = paths.admin.root.path;

export const isAdminPath = (pathname: string) => pathname === adminPrefix || pathname.startsWith(`${adminPrefix}/`);

/** The pages both areas have: the personal page and the admin page of the same name (/accounts, /admin/accounts). */
const twinPages = ['/accounts', '/subscriptions', '/map'];

/**
 * Spec 2: Personal and Admin each link to the same page in the other area (/accounts <-> /admin/accounts) where it
 * has one, else to the other area's home (the dashboard, or the admin map), never to an address that only redirects.
 */
export function pathInOtherArea(pathname: string, area: 'personal' | 'admin') {
  if (area === 'admin') {
    if (isAdminPath(pathname)) return pathname;
    return twinPages.includes(pathname) ? `${adminPrefix}${pathname}` : paths.admin.map.getHref();
  }
  if (!isAdminPath(pathname)) return pathname;
  const personal = pathname.slice(adminPrefix.length);
  return twinPages.includes(personal) ? personal : paths.dashboard.getHref();
}
