import { describe, expect, it } from 'vitest';
import {
  activeUrl,
  adminNavigation,
  linkUrls,
  orgNavigation,
  salesQuickLink,
  userNavigation,
  visitorNavigation,
  withPromotion,
} from './navigation';
import { pathInOtherArea } from './paths';

describe('navigation', () => {
  it('marks the most specific entry of the current path', () => {
    const urls = linkUrls(userNavigation);
    expect(activeUrl(urls, '/settings/billing')).toBe('/settings/billing');
    expect(activeUrl(urls, '/settings')).toBe('/settings');
    expect(activeUrl(urls, '/settings/language')).toBe('/settings');
    expect(activeUrl(urls, '/accounts/42')).toBe('/accounts');
    expect(activeUrl(urls, '/creditsx')).toBeUndefined();
  });

  it('leads signed-in users and active organisations to RINEX on demand', () => {
    expect(linkUrls(userNavigation)).toContain('/rinex');
    expect(activeUrl(linkUrls(userNavigation), '/rinex')).toBe('/rinex');
    const member = orgNavigation('o1', { role: 'member', status: 'active' }, '/org/o1');
    expect(linkUrls(member)).toContain('/org/o1/rinex');
    const pending = orgNavigation('o1', { role: 'owner', status: 'pending' }, '/org/o1');
    expect(linkUrls(pending)).not.toContain('/org/o1/rinex');
  });

  it("lists the spec's admin pages", () => {
    const urls = linkUrls(adminNavigation);
    for (const url of [
      '/admin/map',
      '/admin/feed',
      '/admin/users',
      '/admin/subscriptions',
      '/admin/accounts',
      '/admin/organizations',
      '/admin/networks',
      '/admin/products/billable-subscriptions',
      '/admin/products/credits',
      '/admin/products/non-billable-subscriptions',
      '/admin/settings/payments',
      '/admin/settings/account-management',
      '/admin/settings/tax-management',
      '/admin/settings/documents',
      '/admin/settings/invoices',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it('leads admins to the recorded archive (issue 17)', () => {
    const urls = linkUrls(adminNavigation);
    expect(urls).toContain('/admin/archive');
    expect(activeUrl(urls, '/admin/archive')).toBe('/admin/archive');
  });

  it('leads admins to the sales requests (issue 15)', () => {
    const urls = linkUrls(adminNavigation);
    expect(urls).toContain('/admin/sales-requests');
    expect(activeUrl(urls, '/admin/sales-requests')).toBe('/admin/sales-requests');
  });

  it('adds the sales flow to the quick links only where the brand shows promotions', () => {
    const quickLinks = (entries: typeof userNavigation) =>
      entries.flatMap((entry) => (entry.type === 'quicklinks' ? entry.items : []));
    expect(quickLinks(withPromotion(userNavigation, true)).at(-1)).toBe(salesQuickLink);
    expect(salesQuickLink.url).toBe('?contact=sales');
    const org = orgNavigation('o1', { role: 'member', status: 'active' }, '/org/o1');
    expect(quickLinks(withPromotion(org, true))).toContain(salesQuickLink);
    expect(quickLinks(withPromotion(userNavigation, false))).not.toContain(salesQuickLink);
    // Menus without quick links stay as they are.
    expect(withPromotion(visitorNavigation, true)).toEqual(visitorNavigation);
  });

  it('links Personal and Admin to the same page in the other area', () => {
    expect(pathInOtherArea('/accounts', 'admin')).toBe('/admin/accounts');
    expect(pathInOtherArea('/admin/accounts', 'personal')).toBe('/accounts');
    // No twin: the other area's home, not an address that would only redirect (issue 15).
    expect(pathInOtherArea('/admin/settings/payments', 'personal')).toBe('/dashboard');
    expect(pathInOtherArea('/admin/users', 'personal')).toBe('/dashboard');
    expect(pathInOtherArea('/dashboard', 'admin')).toBe('/admin/map');
    expect(pathInOtherArea('/credits', 'admin')).toBe('/admin/map');
    expect(pathInOtherArea('/subscriptions', 'admin')).toBe('/admin/subscriptions');
    expect(pathInOtherArea('/admin', 'personal')).toBe('/dashboard');
    expect(pathInOtherArea('/accounts', 'personal')).toBe('/accounts');
    expect(pathInOtherArea('/admin/users', 'admin')).toBe('/admin/users');
    expect(pathInOtherArea('/administrator', 'personal')).toBe('/administrator');
  });
});
