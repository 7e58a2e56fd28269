/** Sends the browser to Stripe Checkout's hosted page (another site: a full navigation, not the router). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
