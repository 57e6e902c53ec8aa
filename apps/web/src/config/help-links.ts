import type { Brand } from '@fixpoint/shared';
import { paths } from './paths';

/** Where a link leads, and whether it leaves the portal (then it opens in a new tab). */
export interface HelpLink {
  href: string;
  isExternal: boolean;
}

/**
 * Help, Documentation and 'Need Help?': the portal's help centre, or the brand's own help site when it has one
 * (docs/decisions/0074).
 */
export const helpLink = (brand?: Pick<Brand, 'helpUrl'>): HelpLink =>
  brand?.helpUrl ? { href: brand.helpUrl, isExternal: true } : { href: paths.help.getHref(), isExternal: false };

/** The terms: the brand's own address when it has one, else the portal's page of the published version. */
export const termsLink = (brand?: Pick<Brand, 'termsUrl'>): HelpLink =>
  brand?.termsUrl
    ? { href: brand.termsUrl, isExternal: true }
    : { href: paths.legal.terms.getHref(), isExternal: false };

/** The privacy policy: always the portal's page of the published version. */
export const privacyLink = (): HelpLink => ({ href: paths.legal.privacy.getHref(), isExternal: false });
