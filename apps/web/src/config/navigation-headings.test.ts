import { describe, expect, it } from 'vitest';
import de from '../../public/locales/de/translation.json';
import en from '../../public/locales/en/translation.json';
import nl from '../../public/locales/nl/translation.json';
import {
  adminNavigation,
  type NavEntry,
  type NavLinkEntry,
  orgNavigation,
  topNavigation,
  userNavigation,
  visitorNavigation,
} from './navigation';

/**
 * Issue 15: a menu entry and the page it opens use the same words. Each entry that opens a page names the keys of
 * that page's heading and title (the `<h1>` and the document title); their texts must equal the entry's in every
 * language. Changing a word means changing the translation, in all of them.
 */
const headingsOf: Record<string, string[]> = {
  // The dashboard's <h1> greets the user by name; its title is the word.
  'nav.dashboard': ['dashboard.title'],
  'nav.map': ['maps.userHeading'],
  'nav.accounts': ['accounts.title'],
  'nav.fleet': ['fleet.title'],
  'nav.subscriptions': ['subscriptions.title'],
  'nav.credits': ['credits.title'],
  'nav.rinex': ['rinex.title'],
  'nav.networkCoverage': ['marketplace.heading', 'marketplace.title'],
  // The settings menu opens /settings (<h1> Settings) on its tabs, which are labelled with these very keys.
  'nav.settings': ['settings.title'],
  'nav.profile': ['settings.profile'],
  'nav.security': [],
  'nav.billing': [],
  'nav.apiKeys': ['apiKeys.title'],
  'nav.webhooks': ['webhooks.title'],
  'nav.notificationSettings': [],
  'nav.notifications': ['notifications.title'],
  'org.nav.members': ['orgMembers.title'],
  'org.nav.usage': ['org.usage.title'],
  'adminNav.map': ['maps.adminHeading'],
  'adminNav.feed': ['adminFeed.title'],
  'adminNav.fleet': ['fleet.adminTitle'],
  'adminNav.networks': ['adminNetworks.title'],
  'adminNav.archive': ['adminArchive.title'],
  'adminNav.automatedSubscriptions': ['adminProducts.titles.billable-subscription'],
  'adminNav.credits': ['adminProducts.titles.credits'],
  'adminNav.manualSubscriptions': ['adminProducts.titles.non-billable-subscription'],
  'adminNav.users': ['admin.users.title'],
  'adminNav.subscriptions': ['adminSubscriptions.title'],
  'adminNav.accounts': ['admin.accounts.title'],
  'adminNav.organizations': ['adminOrgs.title'],
  'adminNav.salesRequests': ['adminSales.title'],
  'adminNav.auditLog': ['adminAuditLog.title'],
  'adminNav.payments': ['adminPayments.title'],
  'adminNav.accountManagement': ['adminSettings.accounts.title'],
  'adminNav.taxManagement': ['adminBilling.tax.title'],
  'adminNav.documents': ['adminSettings.documents.title'],
  'adminNav.invoices': ['adminBilling.invoices.title'],
};

/**
 * Entries with no fixed heading to match: the organisation's overview is headed by its own name, the admin's
 * Products and Settings only group their pages (/admin/settings itself redirects), and the spec's "Documentation"
 * opens the help centre, headed "Help" as the profile menu's entry to it is (or a brand's own help site).
 */
const noHeading = new Set(['org.nav.overview', 'adminNav.products', 'adminNav.settings', 'nav.documentation']);

type Tree = { [key: string]: string | Tree };
const text = (tree: Tree, key: string) =>
  key
    .split('.')
    .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

/** Links that open a page (not the quick links' actions, not `?…` dialogs, not other sites), and submenus' names. */
function pageEntries(entries: NavEntry[]): string[] {
  const opensPage = (link: NavLinkEntry) => !link.isExternal && !link.url.startsWith('?');
  return entries.flatMap((entry) => {
    if (entry.type === 'link') return opensPage(entry) ? [entry.name] : [];
    if (entry.type === 'submenu') return [entry.name, ...entry.items.filter(opensPage).map((item) => item.name)];
    return [];
  });
}

const menus = [
  ...visitorNavigation,
  ...userNavigation,
  ...adminNavigation,
  ...orgNavigation('o1', { role: 'owner', status: 'active' }, '/org/o1'),
];
const names = [
  ...new Set([
    ...pageEntries(menus),
    ...topNavigation(true)
      .filter((item) => !item.isExternal)
      .map((item) => item.name),
  ]),
];

describe('menu entries and page headings', () => {
  it('name a heading for every entry that opens a page', () => {
    expect(names.filter((name) => !(name in headingsOf) && !noHeading.has(name))).toEqual([]);
  });

  it.each([
    ['en', en],
    ['nl', nl],
    ['de', de],
  ])('use the same words in %s', (_language, translation) => {
    const differing = Object.entries(headingsOf).flatMap(([entry, headings]) =>
      headings
        .filter((heading) => text(translation as Tree, heading) !== text(translation as Tree, entry))
        .map(
          (heading) =>
            `${entry} "${text(translation as Tree, entry)}" ≠ ${heading} "${text(translation as Tree, heading)}"`,
        ),
    );
    expect(differing).toEqual([]);
    for (const [entry, headings] of Object.entries(headingsOf)) {
      for (const key of [entry, ...headings]) expect(typeof text(translation as Tree, key), key).toBe('string');
    }
  });
});
