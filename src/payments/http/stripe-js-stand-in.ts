/**
 * The Stripe.js v3 stand-in: the part of `window.Stripe` the Web Template v12 calls, backed by the emulator over
 * HTTP. The server's origin is baked in (the browser may load this script under https://js.stripe.com/v3/, so it
 * cannot take the origin from its own URL). The card element is three plain inputs (number, MM / YY, CVC).
 */
export const stripeJsStandIn = (origin: string): string => `/* Stripe.js stand-in of the marketplace server's payment emulator */
(function () {
  'use strict';
  var API = ${JSON.stringify(`${origin}/v1/emulator/stripe`)};

  function post(path, body) {
    return fetch(API + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json(); });
  }

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) { d = d * 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }

  function CardElement(options) {
    this.options = options || {};
    this.listeners = {};
    this.postalCode = null;
    this.root = null;
  }
  CardElement.prototype.mount = function (target) {
    var el = typeof target === 'string' ? document.querySelector(target) : target;
    if (!el) throw new Error('Stripe stand-in: mount target not found');
    var root = document.createElement('div');
    root.className = 'StripeElement StripeElement--empty';
    root.setAttribute('data-stripe-stand-in', 'card');
    root.style.display = 'flex';
    root.style.gap = '8px';
    var self = this;
    function input(name, placeholder, width) {
      var i = document.createElement('input');
      i.name = name; i.placeholder = placeholder; i.autocomplete = 'off'; i.inputMode = 'numeric';
      i.setAttribute('data-elements-stable-field-name', name);
      i.style.flex = width; i.style.minWidth = '0'; i.style.border = '0'; i.style.outline = 'none'; i.style.font = 'inherit';
      i.addEventListener('input', function () { self.emitChange(); });
      i.addEventListener('focus', function () { self.emit('focus', {}); });
      i.addEventListener('blur', function () { self.emit('blur', {}); });
      root.appendChild(i);
      return i;
    }
    this.number = input('cardNumber', 'Card number', '3');
    this.expiry = input('cardExpiry', 'MM / YY', '1');
    this.cvc = input('cardCvc', 'CVC', '1');
    el.appendChild(root);
    this.root = root;
    setTimeout(function () { self.emit('ready', {}); }, 0);
  };
  CardElement.prototype.details = function () {
    var digits = (this.number && this.number.value || '').replace(/[^0-9]/g, '');
    var exp = (this.expiry && this.expiry.value || '').replace(/[^0-9]/g, '');
    var cvc = (this.cvc && this.cvc.value || '').replace(/[^0-9]/g, '');
    return { number: digits, exp_month: Number(exp.slice(0, 2)), exp_year: Number(exp.slice(2)), cvc: cvc };
  };
  CardElement.prototype.state = function () {
    var d = this.details();
    var empty = !d.number && !this.expiry.value && !this.cvc.value;
    var error;
    if (d.number.length >= 13 && !luhn(d.number)) error = { type: 'validation_error', code: 'incorrect_number', message: 'Your card number is invalid.' };
    else if (d.exp_month && (d.exp_month < 1 || d.exp_month > 12)) error = { type: 'validation_error', code: 'invalid_expiry_month', message: "Your card's expiration date is incomplete." };
    var complete = !error && d.number.length >= 13 && luhn(d.number) && d.exp_month >= 1 && d.exp_month <= 12 && String(d.exp_year).length >= 2 && d.cvc.length >= 3;
    var brand = /^4/.test(d.number) ? 'visa' : /^5[1-5]/.test(d.number) ? 'mastercard' : /^3[47]/.test(d.number) ? 'amex' : 'unknown';
    return { elementType: 'card', empty: empty, complete: complete, error: error, brand: brand, value: { postalCode: this.postalCode } };
  };
  CardElement.prototype.emitChange = function () {
    var s = this.state();
    if (this.root) this.root.className = 'StripeElement' + (s.empty ? ' StripeElement--empty' : '') + (s.complete ? ' StripeElement--complete' : '') + (s.error ? ' StripeElement--invalid' : '');
    this.emit('change', s);
  };
  CardElement.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).slice().forEach(function (h) { h(payload); });
  };
  CardElement.prototype.on = function (event, handler) { (this.listeners[event] = this.listeners[event] || []).push(handler); return this; };
  CardElement.prototype.addEventListener = CardElement.prototype.on;
  CardElement.prototype.off = function (event, handler) {
    this.listeners[event] = (this.listeners[event] || []).filter(function (h) { return h !== handler; });
    return this;
  };
  CardElement.prototype.removeEventListener = CardElement.prototype.off;
  CardElement.prototype.update = function (options) {
    if (options && options.value && 'postalCode' in options.value) this.postalCode = options.value.postalCode;
  };
  CardElement.prototype.focus = function () { if (this.number) this.number.focus(); };
  CardElement.prototype.clear = function () { [this.number, this.expiry, this.cvc].forEach(function (i) { if (i) i.value = ''; }); this.emitChange(); };
  CardElement.prototype.unmount = function () { if (this.root && this.root.parentNode) this.root.parentNode.removeChild(this.root); };
  CardElement.prototype.destroy = function () { this.unmount(); this.root = null; this.listeners = {}; };

  function Elements() { this.created = {}; }
  Elements.prototype.create = function (type, options) {
    if (type !== 'card') throw new Error('Stripe stand-in: only the card element is emulated, not ' + type);
    var el = new CardElement(options);
    this.created[type] = el;
    return el;
  };
  Elements.prototype.getElement = function (type) { return this.created[type] || null; };

  /** A payment method argument as Stripe.js takes it: an id, a card element with billing details, or nothing. */
  function methodOf(data, element) {
    var pm = data && data.payment_method;
    if (typeof pm === 'string') return pm;
    var card = (pm && pm.card) || element;
    var billing = (pm && pm.billing_details) || (data && data.payment_method_data && data.payment_method_data.billing_details) || (data && data.billing_details) || null;
    if (card instanceof CardElement) return { card: card.details(), billing_details: billing };
    return undefined;
  }

  function Stripe(publishableKey) {
    if (!(this instanceof Stripe)) return new Stripe(publishableKey);
    if (typeof publishableKey !== 'string' || !/^pk_/.test(publishableKey)) throw new Error('Stripe stand-in: a publishable key (pk_test_…) is required');
  }
  Stripe.prototype.elements = function () { return new Elements(); };
  Stripe.prototype.createToken = function (type, data) {
    if (type instanceof CardElement) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Card tokens are not emulated: use payment methods.' } });
    var body = data || {};
    if (type === 'account' || type === 'person') body = data[type] || data;
    return post('/tokens', { type: type, data: body });
  };
  Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
    return post('/payment_intents/retrieve', { client_secret: clientSecret });
  };
  Stripe.prototype.confirmCardPayment = function (clientSecret, data) {
    return post('/payment_intents/confirm', { client_secret: clientSecret, payment_method: methodOf(data) });
  };
  Stripe.prototype.handleCardPayment = function (clientSecret, element, data) {
    return post('/payment_intents/confirm', { client_secret: clientSecret, payment_method: methodOf(data, element) });
  };
  Stripe.prototype.confirmCardSetup = function (clientSecret, data) {
    return post('/setup_intents/confirm', { client_secret: clientSecret, payment_method: methodOf(data) });
  };
  Stripe.prototype.handleCardSetup = function (clientSecret, element, data) {
    return post('/setup_intents/confirm', { client_secret: clientSecret, payment_method: methodOf(data, element) });
  };
  Stripe.version = 3;
  Stripe.standIn = true;
  window.Stripe = Stripe;
})();
`;
