// A local stand-in for HubSpot's CRM API, for exactly the calls our adapter makes
// (src/server/integrations/crm/hubspot.ts) through the real `@hubspot/api-client`: contacts batch
// upsert by email, company properties (read one, create one), companies batch upsert on a unique
// custom property (refused when the property does not exist or is not unique, as HubSpot does), and
// v4 default company-to-contact associations. Company properties are the portal's schema: `reset()`
// empties the records but keeps them.
// It answers with HubSpot's shapes: batch responses `{status, results, startedAt, completedAt}`,
// 207 multi-status with `errors`, error bodies `{status:'error', message, category, correlationId}`,
// Bearer private-app tokens, the `X-HubSpot-RateLimit-*` headers and a 429 with `Retry-After`.
// An invalid input fails its whole batch with 400 VALIDATION_ERROR, as HubSpot does.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { failureSchedule, listen, sendGarbled, type ForcedFailure, type GarbledAnswer } from './http-fake';

type Properties = Record<string, string>;

export type HubspotObject = {
  id: string;
  properties: Properties;
  createdAt: string;
  updatedAt: string;
};

export type HubspotAssociation = { fromCompanyId: string; toContactId: string; typeId: number };

export type HubspotRequest = { method: string; path: string; status: number; body: unknown };

export type HubspotFailure = ForcedFailure;

/** A custom property definition, as the properties API answers it. */
export type HubspotProperty = {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  groupName: string;
  description: string;
  hasUniqueValue: boolean;
  formField: boolean;
  hidden: boolean;
  createdAt: string;
  updatedAt: string;
};

export type FakeHubspot = {
  /** Base URL for HUBSPOT_API_URL (the SDK's basePath), e.g. http://127.0.0.1:54321 */
  url: string;
  token: string;
  /** The stores, keyed by HubSpot id. */
  contacts: Map<string, HubspotObject>;
  companies: Map<string, HubspotObject>;
  associations: HubspotAssociation[];
  /** Every API request (not the control endpoints), in arrival order, with the status answered. */
  requests: HubspotRequest[];
  /** The next `count` API requests (after `after` more have passed) answer `status` (429 carries Retry-After when given). */
  failNext(count: number, failure: HubspotFailure, options?: { after?: number }): void;
  /** Every API request answers `status` until called again with null. */
  failWith(status: number | null): void;
  /** Any batch that carries this email fails with 400 VALIDATION_ERROR naming it with `message`. */
  rejectEmail(email: string, message?: string): void;
  /** Stores an upsert of this email but leaves it out of the batch answer (a lost result). */
  omitFromAnswer(email: string): void;
  /** Removes a company, as if deleted in HubSpot (an upsert on its key then creates a new one). */
  deleteCompany(id: string): void;
  /** Company properties by name (the portal's schema; `reset()` keeps it). */
  companyProperties: Map<string, HubspotProperty>;
  /** Defines a company property directly, as an admin would in HubSpot's settings. */
  defineCompanyProperty(name: string, options: { unique: boolean }): void;
  deleteCompanyProperty(name: string): void;
  /** Whether the token has the crm.schemas.companies read/write scopes (default true). */
  grantSchemaScopes(granted: boolean): void;
  /** The next API request (after `after` more) is answered 200 with a body that is not the API's. */
  garbleNext(kind: GarbledAnswer, options?: { after?: number }): void;
  /** Awaited before each API request is carried out and answered (null: none). */
  beforeAnswer(hook: ((request: { method: string; path: string; body: unknown }) => unknown) | null): void;
  /** The companies whose property `name` equals `value`. */
  companiesWith(name: string, value: string): HubspotObject[];
  contactByEmail(email: string): HubspotObject | undefined;
  reset(): void;
  close(): Promise<void>;
};

/** HubSpot's per-request limits: batch inputs and the private-app burst window. */
export const HUBSPOT_BATCH_LIMIT = 100;
const BURST_MAX = 190;
const BURST_WINDOW_MS = 10_000;
/** HubSpot's association type for a company's contacts (company to contact, primary). */
export const COMPANY_TO_CONTACT = 280;

class HubspotError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly category: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const nowIso = () => new Date().toISOString();

export async function startHubspotServer(
  options: { port?: number; token?: string } = {},
): Promise<FakeHubspot> {
  const token = options.token ?? 'pat-local-test';
  const contacts = new Map<string, HubspotObject>();
  const companies = new Map<string, HubspotObject>();
  const associations: HubspotAssociation[] = [];
  const requests: HubspotRequest[] = [];
  const rejected = new Map<string, string>();
  const omitted = new Set<string>();
  const companyProperties = new Map<string, HubspotProperty>();
  let schemaScopes = true;
  let garbled: { kind: GarbledAnswer; after: number } | null = null;
  let hook: ((request: { method: string; path: string; body: unknown }) => unknown) | null = null;
  const failures = failureSchedule();
  let nextId = 1001;
  const burst: number[] = [];

  const contactByEmail = (email: string) =>
    [...contacts.values()].find((c) => c.properties.email === email.toLowerCase());

  const invalidProperties = (problems: { message: string; error: string; name: string }[]) =>
    new HubspotError(
      400,
      `Property values were not valid: ${JSON.stringify(problems.map((p) => ({ isValid: false, ...p })))}`,
      'VALIDATION_ERROR',
    );

  function inputsOf(body: unknown): Record<string, unknown>[] {
    const inputs = (body as { inputs?: unknown } | null)?.inputs;
    if (!Array.isArray(inputs)) {
      throw new HubspotError(
        400,
        'Invalid input JSON on line 1, column 1: inputs is required',
        'VALIDATION_ERROR',
      );
    }
    if (inputs.length > HUBSPOT_BATCH_LIMIT) {
      throw new HubspotError(
        400,
        `Batch input limit exceeded: ${inputs.length} inputs, the limit is ${HUBSPOT_BATCH_LIMIT}`,
        'VALIDATION_ERROR',
      );
    }
    return inputs as Record<string, unknown>[];
  }

  const propertiesOf = (input: Record<string, unknown>): Properties => {
    const props = input.properties;
    if (!props || typeof props !== 'object') {
      throw new HubspotError(400, 'Invalid input JSON: properties is required', 'VALIDATION_ERROR');
    }
    return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, v == null ? '' : String(v)]));
  };

  const publicObject = (o: HubspotObject, input: Record<string, unknown>, extra: object = {}) => ({
    id: o.id,
    properties: {
      ...o.properties,
      hs_object_id: o.id,
      createdate: o.createdAt,
      lastmodifieddate: o.updatedAt,
    },
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    archived: false,
    ...(typeof input.objectWriteTraceId === 'string' ? { objectWriteTraceId: input.objectWriteTraceId } : {}),
    ...extra,
  });

  const batchAnswer = (results: unknown[], startedAt: string, errors: unknown[] = []) => ({
    status: 'COMPLETE',
    results,
    ...(errors.length > 0 ? { errors, numErrors: errors.length } : {}),
    startedAt,
    completedAt: nowIso(),
  });

  function upsertContacts(body: unknown) {
    const startedAt = nowIso();
    const inputs = inputsOf(body);
    const problems: { message: string; error: string; name: string }[] = [];
    for (const input of inputs) {
      if (input.idProperty !== 'email') {
        throw new HubspotError(
          400,
          `Unable to perform update/upsert by non-unique 0-1 property ${String(input.idProperty)}`,
          'VALIDATION_ERROR',
        );
      }
      const email = String(input.id ?? '').toLowerCase();
      const refusal = rejected.get(email);
      if (refusal !== undefined) problems.push({ message: refusal, error: 'INVALID_EMAIL', name: 'email' });
      else if (!EMAIL.test(email)) {
        problems.push({
          message: `Email address ${email} is invalid`,
          error: 'INVALID_EMAIL',
          name: 'email',
        });
      }
      propertiesOf(input);
    }
    if (problems.length > 0) throw invalidProperties(problems);
    const ids = inputs.map((i) => String(i.id).toLowerCase());
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (duplicates.length > 0) {
      throw new HubspotError(
        400,
        `Duplicate IDs found in batch input: [${[...new Set(duplicates)].join(', ')}]. IDs must be unique`,
        'VALIDATION_ERROR',
      );
    }
    const results = inputs.map((input) => {
      const email = String(input.id).toLowerCase();
      const properties = { ...propertiesOf(input), email };
      const existing = contactByEmail(email);
      const at = nowIso();
      if (existing) {
        Object.assign(existing.properties, properties);
        existing.updatedAt = at;
        return publicObject(existing, input, { new: false });
      }
      const created: HubspotObject = { id: String(nextId++), properties, createdAt: at, updatedAt: at };
      contacts.set(created.id, created);
      return publicObject(created, input, { new: true });
    });
    const answered = results.filter((r) => !omitted.has(String((r.properties as Properties).email)));
    return { status: 200, body: batchAnswer(answered, startedAt) };
  }

  function defineProperty(name: string, input: Record<string, unknown>): HubspotProperty {
    const at = nowIso();
    const property: HubspotProperty = {
      name,
      label: String(input.label ?? name),
      type: String(input.type ?? 'string'),
      fieldType: String(input.fieldType ?? 'text'),
      groupName: String(input.groupName ?? 'companyinformation'),
      description: String(input.description ?? ''),
      hasUniqueValue: input.hasUniqueValue === true,
      formField: input.formField === true,
      hidden: input.hidden === true,
      createdAt: at,
      updatedAt: at,
    };
    companyProperties.set(name, property);
    return property;
  }

  const missingScopes = () =>
    new HubspotError(
      403,
      "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
      'MISSING_SCOPES',
      {
        errors: [
          {
            message: 'One or more of the following scopes are required.',
            context: { requiredScopes: ['crm.schemas.companies.write'] },
          },
        ],
      },
    );

  function readProperty(name: string) {
    if (!schemaScopes) throw missingScopes();
    const property = companyProperties.get(name);
    if (!property) {
      throw new HubspotError(404, `Unable to find property ${name} for object type 0-2`, 'OBJECT_NOT_FOUND');
    }
    return {
      status: 200,
      body: { ...property, options: [], displayOrder: -1, calculated: false, externalOptions: false },
    };
  }

  function createProperty(body: unknown) {
    if (!schemaScopes) throw missingScopes();
    const input = (body ?? {}) as Record<string, unknown>;
    const missing = ['name', 'label', 'type', 'fieldType', 'groupName'].filter((k) => !input[k]);
    if (missing.length > 0) {
      throw new HubspotError(
        400,
        `Invalid input JSON: ${missing.join(', ')} is required`,
        'VALIDATION_ERROR',
      );
    }
    const name = String(input.name);
    if (companyProperties.has(name)) {
      throw new HubspotError(409, `Property named '${name}' already exists.`, 'OBJECT_ALREADY_EXISTS');
    }
    const property = defineProperty(name, input);
    return {
      status: 201,
      body: { ...property, options: [], displayOrder: -1, calculated: false, externalOptions: false },
    };
  }

  const companiesWith = (name: string, value: string) =>
    [...companies.values()].filter((c) => c.properties[name] === value);

  function upsertCompanies(body: unknown) {
    const startedAt = nowIso();
    const inputs = inputsOf(body);
    for (const input of inputs) {
      const idProperty = String(input.idProperty ?? '');
      const property = companyProperties.get(idProperty);
      if (!property) {
        throw new HubspotError(
          400,
          `Property ${idProperty} does not exist on object type 0-2`,
          'VALIDATION_ERROR',
        );
      }
      if (!property.hasUniqueValue) {
        throw new HubspotError(
          400,
          `Unable to perform update/upsert by non-unique 0-2 property ${idProperty}`,
          'VALIDATION_ERROR',
        );
      }
      if (!input.id) throw new HubspotError(400, 'Invalid input JSON: id is required', 'VALIDATION_ERROR');
      propertiesOf(input);
    }
    const ids = inputs.map((i) => `${String(i.idProperty)}=${String(i.id)}`);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (duplicates.length > 0) {
      throw new HubspotError(
        400,
        `Duplicate IDs found in batch input: [${[...new Set(duplicates)].join(', ')}]. IDs must be unique`,
        'VALIDATION_ERROR',
      );
    }
    const results = inputs.map((input) => {
      const key = String(input.idProperty);
      const value = String(input.id);
      const properties = { ...propertiesOf(input), [key]: value };
      const [existing] = companiesWith(key, value);
      const at = nowIso();
      if (existing) {
        Object.assign(existing.properties, properties);
        existing.updatedAt = at;
        return publicObject(existing, input, { new: false });
      }
      const created: HubspotObject = { id: String(nextId++), properties, createdAt: at, updatedAt: at };
      companies.set(created.id, created);
      return publicObject(created, input, { new: true });
    });
    return { status: 200, body: batchAnswer(results, startedAt) };
  }

  function associateDefault(body: unknown) {
    const startedAt = nowIso();
    const inputs = inputsOf(body) as { from?: { id?: string }; to?: { id?: string } }[];
    const results: unknown[] = [];
    const errors: unknown[] = [];
    for (const input of inputs) {
      const from = String(input.from?.id ?? '');
      const to = String(input.to?.id ?? '');
      if (!companies.has(from) || !contacts.has(to)) {
        errors.push({
          status: 'error',
          category: 'VALIDATION_ERROR',
          message: `No company with id ${from} or contact with id ${to} exists`,
          context: { fromObjectId: [from], toObjectId: [to] },
        });
        continue;
      }
      const known = associations.some(
        (a) => a.fromCompanyId === from && a.toContactId === to && a.typeId === COMPANY_TO_CONTACT,
      );
      if (!known) associations.push({ fromCompanyId: from, toContactId: to, typeId: COMPANY_TO_CONTACT });
      results.push({
        from: { id: from },
        to: { id: to },
        associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: COMPANY_TO_CONTACT },
      });
    }
    return { status: errors.length > 0 ? 207 : 200, body: batchAnswer(results, startedAt, errors) };
  }

  const routes: Record<string, (body: unknown) => { status: number; body: unknown }> = {
    'POST /crm/v3/objects/contacts/batch/upsert': upsertContacts,
    'POST /crm/v3/objects/companies/batch/upsert': upsertCompanies,
    'POST /crm/v3/properties/companies': createProperty,
    'POST /crm/v4/associations/companies/contacts/batch/associate/default': associateDefault,
  };
  const routeOf = (method: string, path: string) => {
    const property = method === 'GET' ? /^\/crm\/v3\/properties\/companies\/([^/]+)$/.exec(path) : null;
    if (property) return () => readProperty(decodeURIComponent(property[1]!));
    return routes[`${method} ${path}`];
  };

  function control(
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
  ): { status: number; body: unknown } | null {
    const values = (m: Map<string, HubspotObject>) => ({ total: m.size, results: [...m.values()] });
    if (method === 'GET' && path === '/__control/contacts') {
      const email = query.get('email')?.toLowerCase();
      const found = [...contacts.values()].filter((c) => !email || c.properties.email === email);
      return { status: 200, body: { total: found.length, results: found } };
    }
    if (method === 'GET' && path === '/__control/companies') return { status: 200, body: values(companies) };
    if (method === 'GET' && path === '/__control/requests') return { status: 200, body: requests };
    const input = (body ?? {}) as Record<string, unknown>;
    if (method === 'POST' && path === '/__control/fail-next') {
      failures.fromControl(input, 429);
      return { status: 204, body: null };
    }
    if (method === 'POST' && path === '/__control/reject-email') {
      api.rejectEmail(String(input.email), typeof input.message === 'string' ? input.message : undefined);
      return { status: 204, body: null };
    }
    if (method === 'POST' && path === '/__control/reset') {
      api.reset();
      return { status: 204, body: null };
    }
    return null;
  }

  function rateHeaders(res: http.ServerResponse) {
    const now = Date.now();
    while (burst.length > 0 && burst[0]! < now - BURST_WINDOW_MS) burst.shift();
    res.setHeader('X-HubSpot-RateLimit-Interval-Milliseconds', String(BURST_WINDOW_MS));
    res.setHeader('X-HubSpot-RateLimit-Max', String(BURST_MAX));
    res.setHeader('X-HubSpot-RateLimit-Remaining', String(Math.max(0, BURST_MAX - burst.length)));
  }

  function send(res: http.ServerResponse, status: number, body: unknown) {
    res.statusCode = status;
    if (status === 204 || body === null) return res.end();
    res.setHeader('content-type', 'application/json;charset=utf-8');
    res.end(JSON.stringify(body));
  }

  const errorBody = (message: string, category: string, extra: Record<string, unknown> = {}) => ({
    status: 'error',
    message,
    correlationId: randomUUID(),
    category,
    ...extra,
  });

  async function answer(
    method: string,
    path: string,
    headers: http.IncomingHttpHeaders,
    body: unknown,
    res: http.ServerResponse,
  ) {
    const record = (status: number) => requests.push({ method, path, status, body });
    burst.push(Date.now());
    rateHeaders(res);
    if (headers.authorization !== `Bearer ${token}`) {
      record(401);
      return send(
        res,
        401,
        errorBody(
          'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
          'INVALID_AUTHENTICATION',
        ),
      );
    }
    await hook?.({ method, path, body });
    if (garbled && garbled.after > 0) garbled.after -= 1;
    else if (garbled) {
      const kind = garbled.kind;
      garbled = null;
      record(200);
      return sendGarbled(res, kind, '{"status":"COMPLETE","results":[{"id":"10');
    }
    const route = routeOf(method, path);
    const forced = failures.take();
    if (forced) {
      // A write HubSpot carried out although its answer is a failure (the 5xx after the commit).
      if (forced.applied && route) {
        try {
          route(body);
        } catch {
          /* the failure is answered either way */
        }
      }
      record(forced.status);
      if (forced.status === 429) {
        if (forced.retryAfterSeconds !== undefined)
          res.setHeader('Retry-After', String(forced.retryAfterSeconds));
        res.setHeader('X-HubSpot-RateLimit-Remaining', '0');
        return send(
          res,
          429,
          errorBody(forced.message ?? 'You have reached your ten_secondly_rolling limit.', 'RATE_LIMITS', {
            errorType: 'RATE_LIMIT',
            policyName: 'TEN_SECONDLY_ROLLING',
          }),
        );
      }
      const category =
        forced.status >= 500
          ? 'INTERNAL_ERROR'
          : forced.status === 403
            ? 'MISSING_SCOPES'
            : 'VALIDATION_ERROR';
      return send(
        res,
        forced.status,
        errorBody(forced.message ?? `HubSpot answered ${forced.status}`, category),
      );
    }
    if (!route) {
      record(404);
      return send(res, 404, errorBody(`Unable to route ${method} request: ${path}`, 'OBJECT_NOT_FOUND'));
    }
    try {
      const out = route(body);
      record(out.status);
      send(res, out.status, out.body);
    } catch (err) {
      if (!(err instanceof HubspotError)) throw err;
      record(err.status);
      send(res, err.status, errorBody(err.message, err.category, err.extra));
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const { pathname: path, searchParams } = new URL(req.url ?? '/', 'http://localhost');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return send(res, 400, errorBody('Invalid input JSON on line 1', 'VALIDATION_ERROR'));
      }
      const controlled = path.startsWith('/__control/') ? control(method, path, searchParams, body) : null;
      if (controlled) return send(res, controlled.status, controlled.body);
      answer(method, path, req.headers, body, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    });
  });

  const { url, close } = await listen(server, options.port);

  const api: FakeHubspot = {
    url,
    token,
    contacts,
    companies,
    associations,
    requests,
    failNext: failures.failNext.bind(failures),
    failWith: failures.failWith.bind(failures),
    rejectEmail(email, message) {
      rejected.set(email.toLowerCase(), message ?? `Email address ${email.toLowerCase()} is invalid`);
    },
    omitFromAnswer(email) {
      omitted.add(email.toLowerCase());
    },
    deleteCompany(id) {
      companies.delete(id);
    },
    companyProperties,
    defineCompanyProperty(name, { unique }) {
      defineProperty(name, { hasUniqueValue: unique });
    },
    deleteCompanyProperty(name) {
      companyProperties.delete(name);
    },
    grantSchemaScopes(granted) {
      schemaScopes = granted;
    },
    garbleNext(kind, options = {}) {
      garbled = { kind, after: options.after ?? 0 };
    },
    beforeAnswer(next) {
      hook = next;
    },
    companiesWith,
    contactByEmail,
    reset() {
      contacts.clear();
      companies.clear();
      associations.length = 0;
      requests.length = 0;
      rejected.clear();
      omitted.clear();
      schemaScopes = true;
      garbled = null;
      hook = null;
      failures.clear();
    },
    close,
  };
  return api;
}
