// A local stand-in for Stripe's HTTP API, for exactly the calls our adapter makes
// (src/server/integrations/payments/stripe.ts). It speaks the real wire protocol, so the real
// `stripe` SDK runs against it: form-encoded bodies in bracket notation, Bearer secret-key auth,
// Idempotency-Key replays, Stripe-shaped JSON objects and errors (card errors are HTTP 402).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
type Metadata = Record<string, string>;

/** Stripe's test payment methods that our tests use, and how each behaves when charged. */
export const TEST_CARDS = {
  pm_card_visa: { brand: 'visa', last4: '4242', failure: null },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    failure: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    failure: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  // 4000 0027 6000 3184: the bank wants 3-D Secure every time. Off-session it is declined with
  // authentication_required; a SetupIntent waits in requires_action for the cardholder.
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    failure: {
      code: 'authentication_required',
      decline_code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    },
    authentication: true,
  },
} as const;
export type TestCard = keyof typeof TEST_CARDS;

type Customer = {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
};
type PaymentMethod = {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    country: 'US';
  };
  customer: string | null;
  billing_details: Json;
  metadata: Metadata;
  created: number;
  livemode: false;
  /** Not part of Stripe's object: which test card this is (stripped from responses). */
  kind: TestCard;
};
type Charge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  customer: string | null;
  payment_intent: string;
  payment_method: string;
  status: 'succeeded' | 'failed';
  paid: boolean;
  refunded: boolean;
  failure_code: string | null;
  failure_message: string | null;
  created: number;
  livemode: false;
};
type LastPaymentError = {
  type: 'card_error';
  code: string;
  decline_code: string;
  message: string;
  charge: string;
  payment_method: Json;
};
type PaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  setup_future_usage: string | null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
  client_secret: string;
  description: string | null;
  metadata: Metadata;
  latest_charge: string | null;
  last_payment_error: LastPaymentError | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  created: number;
  livemode: false;
};
type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: 'succeeded';
  metadata: Metadata;
  created: number;
};

class StripeFailure extends Error {
  constructor(
    public readonly status: number,
    public readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, extra: Json = {}) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string, param = 'id') =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
  });

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

/**
 * Parses Stripe's form encoding: `metadata[customerId]=x` -> `{metadata: {customerId: 'x'}}`,
 * `allowed_payment_method_types[0]=card` -> `{allowed_payment_method_types: ['card']}`. Values stay strings.
 */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key
      .match(/^[^[\]]+|\[[^\]]*\]/g)
      ?.map((part) => (part.startsWith('[') ? part.slice(1, -1) : part)) ?? [key];
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return arrays(root) as Json;
}

function arrays(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/**
 * The payment method types of a new PaymentIntent or SetupIntent, as API version 2026-09-30.endive
 * (stripe 23) takes them: `allowed_payment_method_types` limits them; the old `payment_method_types`
 * parameter is refused; without a limit the account's automatic payment methods apply (here card and
 * Link, as an account with Link turned on).
 */
function methodTypesOf(params: Json) {
  if ('payment_method_types' in params) {
    throw invalid('Received unknown parameter: payment_method_types', { param: 'payment_method_types' });
  }
  const allowed = Array.isArray(params.allowed_payment_method_types)
    ? (params.allowed_payment_method_types as string[])
    : null;
  return { allowed_payment_method_types: allowed, payment_method_types: allowed ?? ['card', 'link'] };
}

const str = (params: Json, name: string): string | undefined =>
  typeof params[name] === 'string' ? (params[name] as string) : undefined;
const metadataOf = (params: Json): Metadata => {
  const m = params.metadata;
  return m && typeof m === 'object' && !Array.isArray(m) ? (m as Metadata) : {};
};

export type FakeStripe = {
  /** Base URL for STRIPE_API_URL, e.g. http://127.0.0.1:54321 */
  url: string;
  secretKey: string;
  /** Settings for `new StripePaymentProvider(...)` pointing at this server. */
  settings(webhookSecret?: string): {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string | undefined;
    apiUrl: string;
  };
  /** What reached the server, for assertions (each replayed idempotent request counts in `requests` only). */
  counters: {
    requests: number;
    customers: number;
    attaches: number;
    detaches: number;
    paymentIntents: number;
    charges: number;
    refunds: number;
    setupIntents: number;
  };
  /** Every POST that reached the server, with the Idempotency-Key it carried (null: none). */
  posts: Array<{ path: string; idempotencyKey: string | null }>;
  /** Like Stripe.js `createPaymentMethod` in the browser: a new, unattached card of that test kind. */
  createPaymentMethod(kind: TestCard): string;
  /** Like Stripe.js `confirmPayment` in the browser: pays a checkout intent with a card. */
  confirmIntent(intentId: string, paymentMethod: string | TestCard): PaymentIntent;
  /** The PaymentIntent id inside a client secret (`pi_..._secret_...`), as Stripe.js reads it. */
  intentIdFromClientSecret(clientSecret: string): string;
  paymentIntent(id: string): PaymentIntent | undefined;
  paymentMethod(id: string): Omit<PaymentMethod, 'kind'> | undefined;
  chargesOf(intentId: string): Charge[];
  charge(id: string): Charge | undefined;
  /** An event payload as Stripe would POST it to a webhook endpoint (sign it with the SDK). */
  event(type: string, object: Json): string;
  close(): Promise<void>;
};

/** The app's environment for this fake as its Stripe account; a `null` secret leaves webhooks unset. */
export const stripeEnv = (fake: FakeStripe, webhookSecret: string | null = 'whsec_test') => ({
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_API_URL: fake.url,
  ...(webhookSecret ? { STRIPE_WEBHOOK_SECRET: webhookSecret } : {}),
});

export async function startFakeStripe(
  options: { secretKey?: string; publishableKey?: string } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_x';
  const publishableKey = options.publishableKey ?? 'pk_test_x';
  const customers = new Map<string, Customer>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const intents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Refund>();
  const idempotent = new Map<
    string,
    { method: string; path: string; body: string; status: number; response: string }
  >();
  const posts: FakeStripe['posts'] = [];
  const counters = {
    requests: 0,
    customers: 0,
    attaches: 0,
    detaches: 0,
    paymentIntents: 0,
    charges: 0,
    refunds: 0,
    setupIntents: 0,
  };

  const publicPm = (pm: PaymentMethod) => {
    const { kind: _kind, ...rest } = pm;
    return rest;
  };

  function newPaymentMethod(kind: TestCard): PaymentMethod {
    const card = TEST_CARDS[kind];
    const pm: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: 'credit',
        country: 'US',
      },
      customer: null,
      billing_details: { address: null, email: null, name: null, phone: null },
      metadata: {},
      created: now(),
      livemode: false,
      kind,
    };
    paymentMethods.set(pm.id, pm);
    return pm;
  }

  /** Stripe's test ids (`pm_card_visa` ...) stand for a fresh copy of that card each time they are used. */
  function resolvePaymentMethod(id: string, param = 'payment_method'): PaymentMethod {
    if (id in TEST_CARDS) return newPaymentMethod(id as TestCard);
    const pm = paymentMethods.get(id);
    if (!pm) throw missing('PaymentMethod', id, param);
    return pm;
  }

  function customerOf(id: string | undefined, param = 'customer'): Customer | null {
    if (id === undefined || id === '') return null;
    const customer = customers.get(id);
    if (!customer) throw missing('customer', id, param);
    return customer;
  }

  /** Charges the card for the intent; on a decline the intent goes back to requires_payment_method. */
  function attemptPayment(intent: PaymentIntent, pm: PaymentMethod): LastPaymentError | null {
    const failure = TEST_CARDS[pm.kind].failure;
    const charge: Charge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      customer: intent.customer,
      payment_intent: intent.id,
      payment_method: pm.id,
      status: failure ? 'failed' : 'succeeded',
      paid: !failure,
      refunded: false,
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      created: now(),
      livemode: false,
    };
    charges.set(charge.id, charge);
    counters.charges += 1;
    intent.latest_charge = charge.id;
    if (failure) {
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = {
        type: 'card_error',
        ...failure,
        charge: charge.id,
        payment_method: publicPm(pm),
      };
      return intent.last_payment_error;
    }
    intent.status = 'succeeded';
    intent.payment_method = pm.id;
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    // A card paid with setup_future_usage is saved on the intent's customer.
    if (intent.setup_future_usage && intent.customer && !pm.customer) pm.customer = intent.customer;
    return null;
  }

  const routes: Array<{
    method: string;
    pattern: RegExp;
    handle: (params: Json, match: RegExpMatchArray) => Json;
  }> = [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      handle: (params) => {
        const customer: Customer = {
          id: newId('cus'),
          object: 'customer',
          email: str(params, 'email') ?? null,
          name: str(params, 'name') ?? null,
          metadata: metadataOf(params),
          created: now(),
          livemode: false,
        };
        customers.set(customer.id, customer);
        counters.customers += 1;
        return customer;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: (_params, [, id]) => customerOf(id!, 'id')!,
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      handle: (_params, [, id]) => {
        const pm = paymentMethods.get(id!);
        if (!pm) throw missing('PaymentMethod', id!);
        return publicPm(pm);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      handle: (params, [, id]) => {
        const customer = customerOf(str(params, 'customer'));
        if (!customer)
          throw invalid('Missing required param: customer.', {
            code: 'parameter_missing',
            param: 'customer',
          });
        const pm = resolvePaymentMethod(id!, 'payment_method');
        if (pm.customer) {
          throw invalid('The payment method you provided has already been attached to a customer.', {
            code: 'payment_method_unexpected_state',
          });
        }
        pm.customer = customer.id;
        counters.attaches += 1;
        return publicPm(pm);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      handle: (_params, [, id]) => {
        const pm = paymentMethods.get(id!);
        if (!pm) throw missing('PaymentMethod', id!);
        if (!pm.customer) {
          throw invalid(
            'The payment method you provided is not attached to a customer so detachment is impossible.',
            {
              code: 'payment_method_unexpected_state',
            },
          );
        }
        pm.customer = null;
        counters.detaches += 1;
        return publicPm(pm);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents$/,
      handle: (params) => {
        const amount = Number(str(params, 'amount'));
        if (!Number.isInteger(amount))
          throw invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
        const currency = str(params, 'currency');
        if (!currency)
          throw invalid('Missing required param: currency.', {
            code: 'parameter_missing',
            param: 'currency',
          });
        if (currency === 'usd' && amount < 50) {
          throw invalid('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
        }
        const customer = customerOf(str(params, 'customer'));
        const pmId = str(params, 'payment_method');
        const pm = pmId ? resolvePaymentMethod(pmId) : null;
        if (pm && pm.customer && pm.customer !== customer?.id) {
          throw invalid(`The provided PaymentMethod belongs to a different Customer.`, {
            code: 'payment_method_unexpected_state',
            param: 'payment_method',
          });
        }
        const id = newId('pi');
        const intent: PaymentIntent = {
          id,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency,
          customer: customer?.id ?? null,
          payment_method: pm?.id ?? null,
          ...methodTypesOf(params),
          setup_future_usage: str(params, 'setup_future_usage') ?? null,
          status: pm ? 'requires_confirmation' : 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          description: str(params, 'description') ?? null,
          metadata: metadataOf(params),
          latest_charge: null,
          last_payment_error: null,
          capture_method: 'automatic',
          confirmation_method: 'automatic',
          created: now(),
          livemode: false,
        };
        intents.set(id, intent);
        counters.paymentIntents += 1;
        if (str(params, 'confirm') === 'true') {
          if (!pm) {
            throw invalid("You cannot confirm this PaymentIntent because it's missing a payment method.", {
              code: 'payment_intent_unexpected_state',
              payment_intent: intent,
            });
          }
          const failure = attemptPayment(intent, pm);
          if (failure) {
            throw new StripeFailure(402, {
              ...failure,
              doc_url: 'https://stripe.com/docs/error-codes/card-declined',
              payment_intent: intent,
            });
          }
        }
        return intent;
      },
    },
    {
      // A SetupIntent confirmed at once verifies a card for later off-session use, without a charge;
      // the test cards fail it the way they fail a payment (a card_error, HTTP 402).
      method: 'POST',
      pattern: /^\/v1\/setup_intents$/,
      handle: (params) => {
        const customer = customerOf(str(params, 'customer'));
        const pmId = str(params, 'payment_method');
        const pm = pmId ? resolvePaymentMethod(pmId, 'payment_method') : null;
        const id = newId('seti');
        const setupIntent: Json = {
          id,
          object: 'setup_intent',
          customer: customer?.id ?? null,
          payment_method: pm?.id ?? null,
          ...methodTypesOf(params),
          usage: str(params, 'usage') ?? 'off_session',
          status: pm ? 'requires_confirmation' : 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          last_setup_error: null,
          next_action: null,
          metadata: metadataOf(params),
          created: now(),
          livemode: false,
        };
        counters.setupIntents += 1;
        if (str(params, 'confirm') === 'true' && pm) {
          const card = TEST_CARDS[pm.kind];
          if ('authentication' in card) {
            setupIntent.status = 'requires_action';
            setupIntent.next_action = {
              type: 'use_stripe_sdk',
              use_stripe_sdk: { type: 'three_d_secure_redirect' },
            };
            return setupIntent;
          }
          const failure = card.failure;
          if (failure) {
            const error = { type: 'card_error', ...failure, payment_method: publicPm(pm) };
            throw new StripeFailure(402, {
              ...error,
              setup_intent: { ...setupIntent, status: 'requires_payment_method', last_setup_error: error },
            });
          }
          setupIntent.status = 'succeeded';
        }
        return setupIntent;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (_params, [, id]) => {
        const intent = intents.get(id!);
        if (!intent) throw missing('payment_intent', id!, 'intent');
        return intent;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      handle: (params) => {
        const chargeId = str(params, 'charge');
        const intentId = str(params, 'payment_intent');
        let charge: Charge | undefined;
        if (chargeId) {
          charge = charges.get(chargeId);
          if (!charge) throw missing('charge', chargeId, 'charge');
        } else if (intentId) {
          const intent = intents.get(intentId);
          if (!intent) throw missing('payment_intent', intentId, 'payment_intent');
          charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
        } else {
          throw invalid(
            'One of the following params should be provided for this request: payment_intent or charge.',
            { code: 'parameter_missing' },
          );
        }
        if (!charge || charge.status !== 'succeeded') {
          throw invalid('This charge cannot be refunded because it has not succeeded.', {
            code: 'charge_not_refundable',
          });
        }
        const remaining = charge.amount - charge.amount_refunded;
        const amount = str(params, 'amount') === undefined ? remaining : Number(str(params, 'amount'));
        if (charge.refunded || remaining === 0) {
          throw invalid(`Charge ${charge.id} has already been refunded.`, {
            code: 'charge_already_refunded',
          });
        }
        if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
          throw invalid(
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
            { param: 'amount' },
          );
        }
        charge.amount_refunded += amount;
        charge.refunded = charge.amount_refunded === charge.amount;
        const refund: Refund = {
          id: newId('re'),
          object: 'refund',
          amount,
          charge: charge.id,
          payment_intent: charge.payment_intent,
          currency: charge.currency,
          status: 'succeeded',
          metadata: metadataOf(params),
          created: now(),
        };
        refunds.set(refund.id, refund);
        counters.refunds += 1;
        return refund;
      },
    },
  ];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      counters.requests += 1;
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://localhost');
      const send = (status: number, payload: string, extra: Record<string, string> = {}) => {
        res.writeHead(status, {
          'Content-Type': 'application/json',
          'Request-Id': newId('req'),
          'Stripe-Version': String(req.headers['stripe-version'] ?? ''),
          ...extra,
        });
        res.end(payload);
      };
      const auth = req.headers.authorization ?? '';
      if (auth !== `Bearer ${secretKey}`) {
        const given = auth.replace(/^Bearer\s+/i, '');
        const message = given
          ? `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
          : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
        send(401, JSON.stringify({ error: { message, type: 'invalid_request_error' } }));
        return;
      }
      const key = req.headers['idempotency-key'];
      const idemKey = typeof key === 'string' && req.method === 'POST' ? key : null;
      if (req.method === 'POST') posts.push({ path: url.pathname, idempotencyKey: idemKey });
      if (idemKey) {
        const previous = idempotent.get(idemKey);
        if (previous) {
          if (previous.method !== req.method || previous.path !== url.pathname || previous.body !== body) {
            send(
              400,
              JSON.stringify({
                error: {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
                },
              }),
            );
            return;
          }
          send(previous.status, previous.response, {
            'Idempotent-Replayed': 'true',
            'Idempotency-Key': idemKey,
          });
          return;
        }
      }
      const contentType = req.headers['content-type'] ?? '';
      if (req.method === 'POST' && body && !contentType.startsWith('application/x-www-form-urlencoded')) {
        send(
          400,
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              message: 'Invalid request: bodies must be form-encoded.',
            },
          }),
        );
        return;
      }
      const params = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
      const route = routes.find((r) => r.method === req.method && r.pattern.test(url.pathname));
      let status = 200;
      let response: string;
      if (!route) {
        status = 404;
        response = JSON.stringify({
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
          },
        });
      } else {
        try {
          response = JSON.stringify(route.handle(params, url.pathname.match(route.pattern)!));
        } catch (error) {
          if (!(error instanceof StripeFailure)) throw error;
          status = error.status;
          response = JSON.stringify({ error: error.body });
        }
      }
      // Stripe stores the answer of a request that began executing (a success or a card error),
      // and replays it for the same key; a request refused by validation is not stored.
      if (idemKey && (status === 200 || status === 402))
        idempotent.set(idemKey, { method: req.method!, path: url.pathname, body, status, response });
      send(status, response, idemKey ? { 'Idempotency-Key': idemKey } : {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    secretKey,
    settings: (webhookSecret) => ({ secretKey, publishableKey, webhookSecret, apiUrl: url }),
    counters,
    posts,
    createPaymentMethod: (kind) => newPaymentMethod(kind).id,
    confirmIntent(intentId, paymentMethod) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake stripe: no payment intent ${intentId}`);
      if (intent.status === 'succeeded') throw new Error(`fake stripe: ${intentId} has already succeeded`);
      attemptPayment(intent, resolvePaymentMethod(paymentMethod));
      return structuredClone(intent);
    },
    intentIdFromClientSecret: (clientSecret) => clientSecret.slice(0, clientSecret.indexOf('_secret_')),
    paymentIntent: (id) => {
      const intent = intents.get(id);
      return intent ? structuredClone(intent) : undefined;
    },
    paymentMethod: (id) => {
      const pm = paymentMethods.get(id);
      return pm ? publicPm(pm) : undefined;
    },
    charge: (id) => {
      const charge = charges.get(id);
      return charge ? structuredClone(charge) : undefined;
    },
    chargesOf: (intentId) => [...charges.values()].filter((c) => c.payment_intent === intentId),
    event: (type, object) =>
      JSON.stringify(
        {
          id: newId('evt'),
          object: 'event',
          api_version: '2024-06-20',
          created: now(),
          data: { object },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
        },
        null,
        2,
      ),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
