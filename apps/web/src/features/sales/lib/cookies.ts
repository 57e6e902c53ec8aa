/** The 'form submitted' cookie (spec §4) and how long it lives (spec §9). Browser-only, so not in the contracts. */
export const SALES_FORM_COOKIE = 'form_submitted';
const SALES_FORM_COOKIE_SECONDS = 86_400;

/** One cookie's value out of a `document.cookie` string, undefined when it is not set. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** Spec 4: while the 'form submitted' cookie exists, the sales flow opens on the thank-you view. */
export const hasSubmittedSalesForm = (doc: Document = document) =>
  readCookie(doc.cookie, SALES_FORM_COOKIE) !== undefined;

/** Spec 9: the 'form submitted' cookie lasts 86400 seconds. */
export function rememberSalesFormSubmitted(doc: Document = document) {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${SALES_FORM_COOKIE}=1; Max-Age=${SALES_FORM_COOKIE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
