import { z } from 'zod';
import { plainText } from './text';

/** App metadata (spec 3: gtagId, also spelled gtagID by older clients). */
export const appMetaSchema = z
  .object({
    gtagId: z.string().nullable(),
  })
  .meta({ id: 'AppMeta' });

export type AppMeta = z.infer<typeof appMetaSchema>;

export const updateAppMetaSchema = z.object({
  gtagId: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9-]*$/, 'Only letters, digits and hyphens.')
    .nullable(),
});

export const pageKeySchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Lower-case letters, digits and hyphens.');

/** Page metadata (spec 3: title and description). */
export const pageMetaSchema = z
  .object({
    page: z.string(),
    title: z.string(),
    description: z.string(),
  })
  .meta({ id: 'PageMeta' });

export type PageMeta = z.infer<typeof pageMetaSchema>;

export const updatePageMetaSchema = z.object({
  title: plainText(z.string().trim().min(1).max(120)),
  description: plainText(z.string().trim().max(300)),
});

/** Titles of the portal's pages, used until an admin sets page metadata of its own. */
export const defaultPageTitles: Record<string, string> = {
  dashboard: 'Dashboard',
  marketplace: 'Marketplace',
  map: 'Map',
  accounts: 'NTRIP Accounts',
  subscriptions: 'Subscriptions',
  credits: 'Credits',
  settings: 'Settings',
  checkout: 'Checkout',
  rinex: 'RINEX',
  status: 'Service status',
  help: 'Help',
  terms: 'Terms and conditions',
  privacy: 'Privacy policy',
  login: 'Log in',
  signup: 'Sign up',
};
