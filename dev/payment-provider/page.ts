/** The stand-in's HTML: the hosted checkout page and the subscriptions page (no script; light and dark). */

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#111;background:#f6f6f7}
main{max-width:440px;margin:48px auto;padding:24px;background:#fff;border:1px solid #ddd;border-radius:12px}
h1{font-size:20px;margin:0 0 4px}p.note{color:#555;margin:0 0 16px;font-size:13px}
.price{font-size:28px;font-weight:600;margin:16px 0 4px}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px}
dt{color:#555}.actions{display:flex;gap:12px;align-items:center;margin-top:24px;flex-wrap:wrap}
button{font:inherit;font-weight:600;padding:10px 20px;border:0;border-radius:8px;background:#0b57d0;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:2px solid #0b57d0;outline-offset:2px}a{color:#0b57d0}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:6px;border-bottom:1px solid #ddd}
@media (prefers-color-scheme:dark){body{background:#0c0c0d;color:#eee}main{background:#18181b;border-color:#333}
p.note,dt{color:#aaa}a{color:#8ab4f8}th,td{border-color:#333}}`;

export const layout = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export interface CheckoutView {
  planName: string;
  priceUsd: number;
  projectId: string;
  /** Hidden fields of the Pay form. */
  fields: Record<string, string>;
  cancelUrl: string;
}

/** The hosted checkout: what is bought, "Pay" (a form post) and the way back without paying. */
export function checkoutPage(v: CheckoutView): string {
  const hidden = Object.entries(v.fields)
    .map(([k, val]) => `<input type="hidden" name="${esc(k)}" value="${esc(val)}">`)
    .join('');
  return layout(
    'Checkout',
    `<h1>Checkout</h1><p class="note">Local payment provider (a stand-in: no card, no money). Pay sends the signed events a real provider would.</p>
<p class="price">${esc(usd.format(v.priceUsd))} <span style="font-size:15px;font-weight:400">a month</span></p>
<dl><dt>Plan</dt><dd>${esc(v.planName)}</dd><dt>Project</dt><dd><code>${esc(v.projectId)}</code></dd></dl>
<form method="post" action="/pay">${hidden}<div class="actions"><button type="submit">Pay ${esc(usd.format(v.priceUsd))}</button><a href="${esc(v.cancelUrl)}">Cancel and go back</a></div></form>`,
  );
}

export interface SubscriptionView {
  id: string;
  projectId: string;
  planName: string;
  status: string;
}

/** Every subscription the stand-in has sold since it started, each with "Cancel subscription". */
export function subscriptionsPage(subs: SubscriptionView[]): string {
  const rows = subs
    .map(
      (s) =>
        `<tr><td><code>${esc(s.id)}</code></td><td><code>${esc(s.projectId)}</code></td><td>${esc(s.planName)}</td><td>${esc(s.status)}</td><td>${
          s.status === 'active'
            ? `<form method="post" action="/subscriptions/cancel"><input type="hidden" name="subscription" value="${esc(s.id)}"><button type="submit">Cancel subscription</button></form>`
            : ''
        }</td></tr>`,
    )
    .join('');
  return layout(
    'Subscriptions',
    `<h1>Subscriptions</h1><p class="note">Sold by the local payment provider since it started (kept in memory). Canceling one sends <code>customer.subscription.deleted</code>: the project goes back to Free.</p>` +
      (subs.length
        ? `<table><thead><tr><th>Subscription</th><th>Project</th><th>Plan</th><th>Status</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>None yet.</p>'),
  );
}

/** A refusal page (bad link, foreign return URL). */
export const errorPage = (message: string) => layout('Checkout', `<h1>Checkout</h1><p>${esc(message)}</p>`);
