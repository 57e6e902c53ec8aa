import type { Brand, OrgRole, OrgStatus } from '@fixpoint/shared';
import {
  type Icon,
  IconActivityHeartbeat,
  IconAntenna,
  IconArchive,
  IconBell,
  IconBook,
  IconBookFilled,
  IconBroadcast,
  IconBuilding,
  IconBuildingPlus,
  IconChartBar,
  IconCoins,
  IconFileZip,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconLayoutDashboardFilled,
  IconMap,
  IconMapPin,
  IconMapPinFilled,
  IconMessages,
  IconNetwork,
  IconPackage,
  IconReceipt,
  IconRocket,
  IconSettings,
  IconShieldLock,
  IconShoppingCart,
  IconUsers,
  IconWebhook,
  IconWorld,
} from '@tabler/icons-react';
import { helpLink } from './help-links';
import { paths } from './paths';

/** Spec 3: a navigation entry has a name, a type (link, submenu, quicklinks), a url, an icon and items. */
export interface NavLinkEntry {
  type: 'link';
  /** Translation key of the label. */
  name: string;
  url: string;
  icon: Icon;
  isExternal?: boolean;
}

export interface NavSubmenuEntry {
  type: 'submenu';
  name: string;
  icon: Icon;
  items: NavLinkEntry[];
}

export interface NavQuickLinksEntry {
  type: 'quicklinks';
  name: string;
  items: NavLinkEntry[];
}

export type NavEntry = NavLinkEntry | NavSubmenuEntry | NavQuickLinksEntry;

const link = (name: string, url: string, icon: Icon): NavLinkEntry => ({ type: 'link', name, url, icon });

/** Spec 2: visitors see only the dashboard and network coverage (plus the promo box). */
export const visitorNavigation: NavEntry[] = [
  link('nav.dashboard', paths.dashboard.getHref(), IconLayoutDashboard),
  link('nav.networkCoverage', paths.marketplace.getHref(), IconWorld),
];

export const userNavigation: NavEntry[] = [
  link('nav.dashboard', paths.dashboard.getHref(), IconLayoutDashboard),
  link('nav.map', paths.map.getHref(), IconMap),
  link('nav.accounts', paths.accounts.getHref(), IconAntenna),
  link('nav.fleet', paths.fleet.getHref(), IconActivityHeartbeat),
  link('nav.subscriptions', paths.subscriptions.getHref(), IconReceipt),
  link('nav.credits', paths.credits.getHref(), IconCoins),
  link('nav.rinex', paths.rinex.getHref(), IconFileZip),
  link('nav.networkCoverage', paths.marketplace.getHref(), IconWorld),
  // Opens the organisation-creation form on the page the user is on (features/organizations: `?create=`).
  link('orgCreate.open', '?create=organisation', IconBuildingPlus),
  {
    type: 'submenu',
    name: 'nav.settings',
    icon: IconSettings,
    items: [
      link('nav.profile', paths.settings.getHref(), IconSettings),
      link('nav.security', paths.settings.getHref('security'), IconShieldLock),
      link('nav.notificationSettings', paths.settings.getHref('notifications'), IconBell),
      link('nav.billing', paths.settings.getHref('billing'), IconReceipt),
      link('nav.apiKeys', paths.settings.getHref('api-keys'), IconKey),
      link('nav.webhooks', paths.settings.getHref('webhooks'), IconWebhook),
    ],
  },
  {
    type: 'quicklinks',
    name: 'nav.quickLinks.title',
    items: [
      // Open the purchase dialogs on the page the user is on (features/pricing: `?buy=`).
      link('nav.quickLinks.buySubscriptions', '?buy=subscription', IconShoppingCart),
      link('nav.quickLinks.buyCredits', '?buy=credits', IconCoins),
      link('nav.quickLinks.createAccounts', paths.accounts.getHref(), IconAntenna),
      link('nav.quickLinks.viewNetworks', paths.marketplace.getHref(), IconWorld),
    ],
  },
];

/**
 * An organisation's side menu (issue 14), by the caller's role and the organisation's status: plain members do not
 * see usage or the buying quick links; a pending or declined organisation has only its overview and members. The
 * buying links open on the organisation's own pages, so the organisation (not the person) buys.
 */
export function orgNavigation(
  orgId: string,
  { role, status }: { role: OrgRole | undefined; status: OrgStatus | undefined },
  pathname: string,
): NavEntry[] {
  const overview = paths.org.overview.getHref(orgId);
  const isManager = role === 'owner' || role === 'admin';
  const buyBase = pathname === overview || pathname.startsWith(`${overview}/`) ? '' : overview;
  const coverage = link('nav.networkCoverage', paths.marketplace.getHref(), IconWorld);
  if (status !== 'active') {
    return [
      link('org.nav.overview', overview, IconBuilding),
      link('org.nav.members', paths.org.members.getHref(orgId), IconUsers),
      coverage,
    ];
  }
  return [
    link('org.nav.overview', overview, IconBuilding),
    link('nav.accounts', paths.org.accounts.getHref(orgId), IconAntenna),
    link('nav.credits', paths.org.credits.getHref(orgId), IconCoins),
    link('nav.subscriptions', paths.org.subscriptions.getHref(orgId), IconReceipt),
    link('nav.map', paths.org.map.getHref(orgId), IconMap),
    link('nav.fleet', paths.org.fleet.getHref(orgId), IconActivityHeartbeat),
    link('nav.rinex', paths.org.rinex.getHref(orgId), IconFileZip),
    link('org.nav.members', paths.org.members.getHref(orgId), IconUsers),
    ...(isManager
      ? [
          link('org.nav.usage', paths.org.usage.getHref(orgId), IconChartBar),
          link('nav.billing', paths.org.billing.getHref(orgId), IconReceipt),
          link('nav.notifications', paths.org.notifications.getHref(orgId), IconBell),
          link('nav.apiKeys', paths.org.apiKeys.getHref(orgId), IconKey),
          link('nav.webhooks', paths.org.webhooks.getHref(orgId), IconWebhook),
        ]
      : []),
    coverage,
    {
      type: 'quicklinks',
      name: 'nav.quickLinks.title',
      items: [
        ...(isManager
          ? [
              link('nav.quickLinks.buySubscriptions', `${buyBase}?buy=subscription`, IconShoppingCart),
              link('nav.quickLinks.buyCredits', `${buyBase}?buy=credits`, IconCoins),
              link('nav.quickLinks.createAccounts', paths.org.accounts.getHref(orgId), IconAntenna),
            ]
          : []),
        link('nav.quickLinks.viewNetworks', paths.marketplace.getHref(), IconWorld),
      ],
    },
  ];
}

/**
 * Spec 1: where the brand shows promotions, the quick links end with the sales flow's call-to-action (it opens on
 * the page the user is on, features/sales: `?contact=sales`). Other brands' menus stay as they are.
 */
export const salesQuickLink = link('nav.quickLinks.brandedPlatform', '?contact=sales', IconRocket);

export const withPromotion = (entries: NavEntry[], showPromotion: boolean): NavEntry[] =>
  showPromotion
    ? entries.map((entry) =>
        entry.type === 'quicklinks' ? { ...entry, items: [...entry.items, salesQuickLink] } : entry,
      )
    : entries;

export const adminNavigation: NavEntry[] = [
  link('adminNav.map', paths.admin.map.getHref(), IconMap),
  link('adminNav.feed', paths.admin.feed.getHref(), IconBroadcast),
  link('adminNav.fleet', paths.admin.fleet.getHref(), IconActivityHeartbeat),
  link('adminNav.networks', paths.admin.networks.getHref(), IconNetwork),
  link('adminNav.archive', paths.admin.archive.getHref(), IconArchive),
  {
    type: 'submenu',
    name: 'adminNav.products',
    icon: IconPackage,
    items: [
      link('adminNav.automatedSubscriptions', paths.admin.products.getHref('billable-subscriptions'), IconReceipt),
      link('adminNav.credits', paths.admin.products.getHref('credits'), IconCoins),
      link('adminNav.manualSubscriptions', paths.admin.products.getHref('non-billable-subscriptions'), IconReceipt),
    ],
  },
  link('adminNav.users', paths.admin.users.getHref(), IconUsers),
  link('adminNav.subscriptions', paths.admin.subscriptions.getHref(), IconReceipt),
  link('adminNav.accounts', paths.admin.accounts.getHref(), IconAntenna),
  link('adminNav.organizations', paths.admin.organizations.getHref(), IconBuilding),
  link('adminNav.salesRequests', paths.admin.salesRequests.getHref(), IconMessages),
  link('adminNav.auditLog', paths.admin.auditLog.getHref(), IconHistory),
  {
    type: 'submenu',
    name: 'adminNav.settings',
    icon: IconSettings,
    items: [
      link('adminNav.payments', paths.admin.settings.getHref('payments'), IconSettings),
      link('adminNav.accountManagement', paths.admin.settings.getHref('account-management'), IconSettings),
      link('adminNav.taxManagement', paths.admin.settings.getHref('tax-management'), IconSettings),
      link('adminNav.documents', paths.admin.settings.getHref('documents'), IconSettings),
      link('adminNav.invoices', paths.admin.settings.getHref('invoices'), IconSettings),
    ],
  },
];

/** Spec 2: an item of the top navigation, with an icon for the active and one for the passive state. */
export interface TopNavItem {
  name: string;
  url: string;
  isExternal?: boolean;
  activeIcon: Icon;
  passiveIcon: Icon;
}

export const topNavigation = (isSignedIn: boolean, brand?: Brand): TopNavItem[] => [
  {
    name: 'nav.dashboard',
    url: paths.dashboard.getHref(),
    activeIcon: IconLayoutDashboardFilled,
    passiveIcon: IconLayoutDashboard,
  },
  ...(isSignedIn
    ? [{ name: 'nav.map', url: paths.map.getHref(), activeIcon: IconMapPinFilled, passiveIcon: IconMapPin }]
    : []),
  // The portal's help centre, or the brand's own help site (docs/decisions/0074).
  {
    name: 'nav.documentation',
    url: helpLink(brand).href,
    ...(helpLink(brand).isExternal && { isExternal: true }),
    activeIcon: IconBookFilled,
    passiveIcon: IconBook,
  },
];

/**
 * The entry a path belongs to: the longest url that equals the path or is a parent of it, so /settings/billing
 * marks Billing, not Profile.
 */
export function activeUrl(urls: string[], pathname: string) {
  return urls
    .filter((url) => pathname === url || pathname.startsWith(`${url}/`))
    .sort((a, b) => b.length - a.length)[0];
}

export const linkUrls = (entries: NavEntry[]) =>
  entries.flatMap((entry) =>
    entry.type === 'link' ? [entry.url] : entry.type === 'submenu' ? entry.items.map((item) => item.url) : [],
  );
