import { formatMoney } from '@fixpoint/shared';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const intervalWords = { YEARLY: 'per year', MONTHLY: 'per month', WEEKLY: 'per week' } as const;

export interface LocalCheckoutView {
  brandName: string;
  primaryColor: string;
  email: string;
  productName: string;
  amount: number;
  currency: string;
  interval: keyof typeof intervalWords | null;
  creditsAmount: number | null;
  status: string;
  actionUrl: string;
  returnUrl: string;
}

/**
 * The local provider's checkout page: plain HTML with one form and no script, so it works without the web app,
 * and says on every line that it is a test.
 */
export function renderLocalCheckoutPage(view: LocalCheckoutView): string {
  const price = `${formatMoney(view.amount, view.currency)}${view.interval ? ` ${intervalWords[view.interval]}` : ''}`;
  const isOpen = view.status === 'open';
  const body = isOpen
    ? `<form method="post" action="${escapeHtml(view.actionUrl)}">
        <button class="primary" name="action" value="pay" type="submit">Pay ${escapeHtml(price)}</button>
        <div class="row">
          <button name="action" value="decline" type="submit">Decline payment</button>
          <button name="action" value="cancel" type="submit">Cancel</button>
        </div>
      </form>`
    : `<p>This checkout is already <strong>${escapeHtml(view.status)}</strong>.</p>
       <p><a href="${escapeHtml(view.returnUrl)}">Back to ${escapeHtml(view.brandName)}</a></p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout | ${escapeHtml(view.brandName)}</title>
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
<div class="banner" role="note">TEST MODE: no money moves and no card is charged</div>
<main>
  <p class="muted">${escapeHtml(view.brandName)} · local test payment provider</p>
  <h1>${escapeHtml(view.productName)}</h1>
  <dl>
    <dt>Price</dt><dd>${escapeHtml(price)}</dd>
    ${view.creditsAmount ? `<dt>Credits</dt><dd>${view.creditsAmount}</dd>` : ''}
    <dt>Buyer</dt><dd>${escapeHtml(view.email)}</dd>
  </dl>
  ${body}
</main>
</body>
</html>`;
}
