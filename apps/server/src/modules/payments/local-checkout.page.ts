import { type CheckoutStatus, formatMoney, type Language } from '@fixpoint/shared';
import { textsIn } from '../../i18n/i18n';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export interface LocalCheckoutView {
  brandName: string;
  primaryColor: string;
  email: string;
  productName: string;
  amount: number;
  currency: string;
  interval: 'YEARLY' | 'MONTHLY' | 'WEEKLY' | null;
  creditsAmount: number | null;
  status: CheckoutStatus;
  actionUrl: string;
  returnUrl: string;
  /** The buyer's language (docs/decisions/0049). */
  language: Language;
}

/**
 * The local provider's checkout page: plain HTML with one form and no script, so it works without the web app,
 * and says on every line that it is a test, in the buyer's language.
 */
export function renderLocalCheckoutPage(view: LocalCheckoutView): string {
  const t = textsIn(view.language);
  const amount = formatMoney(view.amount, view.currency);
  const price = escapeHtml(view.interval ? t(`localCheckout.interval.${view.interval}`, { price: amount }) : amount);
  const brand = escapeHtml(view.brandName);
  const isOpen = view.status === 'open';
  const body = isOpen
    ? `<form method="post" action="${escapeHtml(view.actionUrl)}">
        <button class="primary" name="action" value="pay" type="submit">${t('localCheckout.pay', { price })}</button>
        <div class="row">
          <button name="action" value="decline" type="submit">${t('localCheckout.decline')}</button>
          <button name="action" value="cancel" type="submit">${t('localCheckout.cancel')}</button>
        </div>
      </form>`
    : `<p>${t('localCheckout.done', { status: t(`localCheckout.status.${view.status}`) })}</p>
       <p><a href="${escapeHtml(view.returnUrl)}">${t('localCheckout.back', { brand })}</a></p>`;
  return `<!doctype html>
<html lang="${view.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('localCheckout.title', { brand })}</title>
<link rel="icon" href="data:,">
<style>
  body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #f6f8fa; }
  .banner { background: #f59f00; color: #1f2328; text-align: center; padding: 8px; font-weight: 600; }
  main { max-width: 420px; margin: 48px auto; padding: 24px; background: #fff; border: 1px solid #d0d7de; border-radius: 8px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  .muted { color: #57606a; font-size: 12px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 24px 0; }
  dt { color: #57606a; } dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  button { font: inherit; padding: 8px 16px; border-radius: 6px; border: 1px solid #d0d7de; background: #fff; cursor: pointer; }
  button.primary { width: 100%; background: ${escapeHtml(view.primaryColor)}; color: #fff; border: 0; font-weight: 600; padding: 12px; }
  .row { display: flex; gap: 8px; margin-top: 12px; } .row button { flex: 1; }
</style>
</head>
<body>
<div class="banner" role="note">${t('localCheckout.banner')}</div>
<main>
  <p class="muted">${t('localCheckout.provider', { brand })}</p>
  <h1>${escapeHtml(view.productName)}</h1>
  <dl>
    <dt>${t('localCheckout.price')}</dt><dd>${price}</dd>
    ${view.creditsAmount ? `<dt>${t('localCheckout.credits')}</dt><dd>${view.creditsAmount}</dd>` : ''}
    <dt>${t('localCheckout.buyer')}</dt><dd>${escapeHtml(view.email)}</dd>
  </dl>
  ${body}
</main>
</body>
</html>`;
}
