import type http from 'node:http';
import { escapeHtml } from '@shared/html';
import { readBody } from '../http';
import type { StripeEngine } from './engine';
import type { CheckoutSession, LineItem } from './model';

/**
 * The hosted pages: Checkout (the donor pays) and Connect onboarding (a charity finishes its account). Plain
 * server-rendered HTML with labelled fields, as accessible as Stripe's own.
 */

const pounds = (pence: number, currency: string) =>
  currency === 'gbp'
    ? `£${(pence / 100).toFixed(2)}`
    : `${(pence / 100).toFixed(2)} ${currency.toUpperCase()}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f8fa;color:#1a1f36}
main{max-width:28rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem;box-shadow:0 1px 3px #0002}
label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;padding:.6rem;margin-top:.3rem;font:inherit;border:1px solid #697386;border-radius:.3rem}
button{margin-top:1.5rem;width:100%;padding:.8rem;font:inherit;font-weight:600;color:#fff;background:#0a2540;border:0;border-radius:.3rem}
[role=alert]{color:#9b1c1c;background:#fdecec;padding:.6rem;border-radius:.3rem}
table{width:100%;border-collapse:collapse}td{padding:.3rem 0}td:last-child{text-align:right}
a{color:#0a2540}
</style></head><body><main>${body}</main></body></html>`;
}

export function checkoutPage(session: CheckoutSession, items: LineItem[], error?: string): string {
  const rows = items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}</td><td>${pounds(item.unit_amount * item.quantity, item.currency)}</td></tr>`,
    )
    .join('');
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : '';
  if (session.status !== 'open')
    return page('Checkout', `<h1>This checkout session is no longer open.</h1>${back}`);
  return page(
    'Checkout',
    `${back}<h1>Pay ${pounds(session.amount_total, session.currency)}</h1>
<table>${rows}<tr><td><strong>Total</strong></td><td><strong>${pounds(session.amount_total, session.currency)}</strong></td></tr></table>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(session.customer_email ?? '')}">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
<label for="cardExpiry">Expiry date</label><input id="cardExpiry" name="cardExpiry" placeholder="MM / YY" autocomplete="cc-exp" required>
<label for="cardCvc">CVC</label><input id="cardCvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" required>
<label for="billingName">Cardholder name</label><input id="billingName" name="billingName" autocomplete="cc-name" required>
<button type="submit">${session.submit_type === 'donate' ? 'Donate' : 'Pay'}</button>
</form>`,
  );
}

/** Checks the fields as Stripe's form does; the card number's outcome is the engine's. */
export function cardProblem(form: URLSearchParams, now = new Date()): string | null {
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(form.get('cardExpiry') ?? '');
  if (!form.get('email')?.includes('@')) return 'Your email address is invalid.';
  if (!expiry) return "Your card's expiration date is incomplete.";
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  if (month < 1 || month > 12) return "Your card's expiration month is invalid.";
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    return "Your card's expiration year is in the past.";
  if (!/^\d{3,4}$/.test(form.get('cardCvc')?.trim() ?? '')) return "Your card's security code is incomplete.";
  if (!form.get('billingName')?.trim()) return 'Your name is required.';
  return null;
}

export function onboardingPage(email: string | null): string {
  return page(
    'Set up payments',
    `<h1>Set up payments</h1>
<p>Test mode: this stands in for Stripe's Express onboarding${email ? ` for ${escapeHtml(email)}` : ''}. Submitting it
makes the account able to take payments and receive payouts.</p>
<form method="post"><button type="submit">Agree and submit</button></form>`,
  );
}

/** The hosted pages' requests: `/c/pay/<session>` (Checkout) and `/setup/e/<link>` (onboarding). */
export async function handlePage(
  engine: StripeEngine,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
) {
  const checkout = /^\/c\/pay\/([\w]+)$/.exec(url.pathname);
  const setup = /^\/setup\/e\/([\w]+)$/.exec(url.pathname);
  const html = (status: number, content: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(content);
  };
  if (checkout) {
    const session = engine.sessions.get(checkout[1] ?? '');
    if (!session) return html(404, 'Not found');
    engine.expireIfDue(session);
    const items = engine.setups.get(session.id)?.line_items ?? [];
    if (req.method !== 'POST') return html(200, checkoutPage(session, items));
    const form = new URLSearchParams((await readBody(req, 100_000))?.toString('utf8') ?? '');
    const problem = cardProblem(form);
    if (problem) return html(400, checkoutPage(session, items, problem));
    const paid = engine.pay(session.id, {
      number: (form.get('cardNumber') ?? '').replace(/\s+/g, ''),
      email: form.get('email') ?? '',
      name: form.get('billingName') ?? '',
    });
    if (!paid.ok) return html(402, checkoutPage(session, items, paid.message));
    res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
    return res.end();
  }
  if (setup) {
    const link = engine.links.get(setup[1] ?? '');
    if (!link) return html(404, 'Not found');
    if (req.method !== 'POST') {
      if (link.used) {
        res.writeHead(303, { location: link.refresh_url });
        return res.end();
      }
      return html(200, onboardingPage(engine.accounts.get(link.account)?.email ?? null));
    }
    res.writeHead(303, { location: engine.completeOnboarding(link.id) });
    return res.end();
  }
  html(404, 'Not found');
}
