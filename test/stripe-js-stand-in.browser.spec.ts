import type { Browser } from 'playwright-core';
import { describeWithChromium, launchChromium } from './support/chromium';
import { PAYMENT_PROVIDER, PaymentProvider } from '../src/payments/payment-provider.port';
import { startTestServer, TestServer } from './support/test-server';

/**
 * The Stripe.js stand-in on its own, in headless Chromium (Debian's `chromium` package, driven by playwright-core:
 * no browser download, no network). The page loads `https://js.stripe.com/v3/` as the Web Template does; the test
 * routes that address to the server's stand-in, which is all a developer does too.
 */
/** The page's global object, as the code evaluated in the browser sees it (the test runs under Node's types). */
declare const window: any;


const PAGE = `<!doctype html><html><body>
<div id="card"></div><button id="pay" disabled>Pay</button><pre id="out"></pre>
<script src="https://js.stripe.com/v3/"></script>
<script>
  const stripe = window.Stripe('pk_test_anything');
  const card = stripe.elements({ fonts: [] }).create('card', { style: { base: { fontSize: '16px' } } });
  card.mount(document.getElementById('card'));
  window.changes = [];
  card.on('change', (e) => { window.changes.push(e); document.getElementById('pay').disabled = !e.complete; });
  card.update({ value: { postalCode: '00100' } });
  window.stripe = stripe;
  window.card = card;
</script></body></html>`;

describeWithChromium('Stripe.js stand-in in a browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const openPage = async () => {
    const page = await browser.newPage();
    // The page itself is served on the server's origin by the route (it never reaches the server).
    await page.route(`${server.baseUrl}/test-checkout.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PAGE }));
    // The one route a developer adds: Stripe.js comes from the emulator.
    await page.route('https://js.stripe.com/v3/**', async (route) => {
      const script = await fetch(`${server.baseUrl}/v1/emulator/stripe/v3/`);
      await route.fulfill({ status: 200, contentType: 'application/javascript', body: await script.text() });
    });
    await page.goto(`${server.baseUrl}/test-checkout.html`);
    await page.waitForFunction(() => Boolean(window.card));
    return page;
  };

  it('mounts a card element, reports completeness, and confirms a payment intent with a typed test card', async () => {
    const provider = server.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const pi = await provider.createPaymentIntent({ marketplaceId: server.marketplace.marketplaceId, idempotencyKey: 'browser-1' }, { amount: 2_500, currency: 'usd' });
    const page = await openPage();
    expect(await page.isDisabled('#pay')).toBe(true);
    await page.fill('input[name=cardNumber]', '4242 4242 4242 4242');
    await page.fill('input[name=cardExpiry]', '12 / 34');
    await page.fill('input[name=cardCvc]', '123');
    expect(await page.isDisabled('#pay')).toBe(false);
    const last = await page.evaluate(() => window.changes.at(-1));
    expect(last).toMatchObject({ complete: true, empty: false, value: { postalCode: '00100' } });

    const before = await page.evaluate((secret) => window.stripe.retrievePaymentIntent(secret), pi.client_secret);
    expect(before.paymentIntent.status).toBe('requires_payment_method');
    const result = await page.evaluate(
      (secret) => window.stripe.confirmCardPayment(secret, { payment_method: { card: window.card, billing_details: { name: 'Jane Doe' } } }),
      pi.client_secret,
    );
    expect(result.paymentIntent).toMatchObject({ id: pi.id, status: 'requires_capture', payment_method: expect.stringMatching(/^pm_/) });
    await page.close();
  });

  it('shows a declined card as Stripe.js does, creates account tokens, and saves a card with handleCardSetup', async () => {
    const provider = server.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const mp = server.marketplace.marketplaceId;
    const pi = await provider.createPaymentIntent({ marketplaceId: mp, idempotencyKey: 'browser-2' }, { amount: 2_500, currency: 'usd' });
    const page = await openPage();
    await page.fill('input[name=cardNumber]', '4000000000000002');
    await page.fill('input[name=cardExpiry]', '1230');
    await page.fill('input[name=cardCvc]', '999');
    const declined = await page.evaluate((secret) => window.stripe.confirmCardPayment(secret, { payment_method: { card: window.card } }), pi.client_secret);
    expect(declined.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });

    const token = await page.evaluate(() => window.stripe.createToken('account', { business_type: 'individual', tos_shown_and_accepted: true }));
    expect(token.token.id).toMatch(/^ct_/);

    const seti = await provider.createSetupIntent({ marketplaceId: mp, idempotencyKey: 'browser-seti' }, {});
    await page.fill('input[name=cardNumber]', '5555555555554444');
    const saved = await page.evaluate((secret) => window.stripe.handleCardSetup(secret, window.card, { payment_method_data: {} }), seti.client_secret);
    expect(saved.setupIntent).toMatchObject({ status: 'succeeded', payment_method: expect.stringMatching(/^pm_/) });
    const pm = await provider.retrievePaymentMethod({ marketplaceId: mp }, saved.setupIntent.payment_method);
    expect(pm.card).toMatchObject({ brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2030 });
    await page.close();
  });
});
