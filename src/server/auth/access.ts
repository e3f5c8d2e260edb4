import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCESS_DENIED_MESSAGE,
  canOpenTab,
  hasPermission,
  type AdminTab,
  type PermissionFlag,
} from '../../shared/roles';
import { featureLockedMessage, hasFeature, type EnforcedFeature } from '../../shared/feature-access';
import { IMPERSONATION_REFUSED_MESSAGE } from '../../shared/contracts/impersonation';
import type { Db } from '../db/client';
import { noteTouched, recordingApart, type TouchedDomains } from '../db/data-domains';
import {
  CUSTOMER_COOKIE,
  STAFF_COOKIE,
  loadCustomerSession,
  loadStaffSession,
  type CustomerPrincipal,
  type StaffPrincipal,
} from './sessions';

/**
 * What a route needs, declared on the route itself (docs/architecture.md "Conventions"):
 * - public: anyone (the handler may still look at `request.staff()` to answer more to staff);
 * - customer: a signed-in customer or team member (cookie or `Authorization: Bearer`), optionally
 *   only a fleet admin or only the account owner;
 * - staff: any signed-in staff user;
 * - tab (+ permission): a staff user whose role opens that admin tab and who holds the flag.
 */
export type RouteAccess =
  | { public: true }
  /**
   * true: anyone of the account; 'fleet_admin': team, billing and plan; 'owner': the account itself.
   * noImpersonation: never in a session staff opened into the account (billing, plan, cards,
   * passwords, who signs in, the account itself; docs/impersonation.md).
   * features: only while each of the account's feature access switches is on (docs/feature-access.md); staff
   * viewing the account are held to the same switch.
   */
  | {
      customer: true | 'fleet_admin' | 'owner';
      noImpersonation?: true;
      features?: readonly EnforcedFeature[];
    }
  /**
   * beforePasswordSet: also open to a member still on the password they were given (the session
   * check and setting their own); every other staff route waits until they have.
   */
  | { staff: true; beforePasswordSet?: true }
  | { tab: AdminTab; permission?: PermissionFlag };

export type AccessTableEntry = { method: string; url: string; access: RouteAccess };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its access rule, for review (see the access snapshot test). */
    accessTable: AccessTableEntry[];
    /**
     * The rule for the routes a plugin context registers without one: set (decorated) only in the
     * context of a third-party plugin whose routes cannot declare it (the API reader, http/openapi.ts).
     */
    pluginRouteAccess?: RouteAccess;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in staff user, loaded on first use and remembered for the request. */
    staff(): Promise<StaffPrincipal | null>;
    /** The signed-in customer, loaded on first use and remembered for the request. */
    customer(): Promise<CustomerPrincipal | null>;
    /** Set by the access hook on routes that require a staff user. */
    staffUser: StaffPrincipal;
    /** Set by the access hook on routes that require a customer. */
    customerUser: CustomerPrincipal;
  }
}

export const AUTH_REQUIRED_MESSAGE = 'Authentication required';
export const FLEET_ADMIN_ONLY_MESSAGE = 'Only a fleet admin can manage the team, billing and plan.';
export const OWNER_ONLY_MESSAGE = 'Only the account owner can do this.';
export const SET_PASSWORD_FIRST_MESSAGE = 'Please set your own password first';
export const ACCOUNT_SUSPENDED_MESSAGE = 'This account is suspended. Please contact support.';

export function customerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[CUSTOMER_COOKIE];
}

/** What loading each request's signed-in principal read (the freshness headers, db/data-domains.ts). */
const principalReads = new WeakMap<FastifyRequest, TouchedDomains>();

function loadPrincipal<T>(request: FastifyRequest, load: () => Promise<T>): Promise<T> {
  return recordingApart(load).then(({ value, touched }) => {
    principalReads.set(request, touched);
    return value;
  });
}

/**
 * For an answer that is the signed-in principal itself (the session routes): it read what loading the
 * principal read, though the access hook loaded it before the handler ran.
 */
export function notePrincipalReads(request: FastifyRequest): void {
  const touched = principalReads.get(request);
  if (touched) noteTouched(touched);
}

/** Deny by default: an API route without a declaration cannot be registered at all. */
function registerAccessTable(app: FastifyInstance): void {
  const table: AccessTableEntry[] = [];
  app.decorate('accessTable', table);
  app.addHook('onRoute', function (route) {
    if (!route.url.startsWith('/api')) return;
    const rule = route.config?.access ?? this.pluginRouteAccess;
    if (!rule) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    route.config = { ...route.config, access: rule };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access: rule });
    }
  });
}

export function registerAccessControl(app: FastifyInstance, db: Db): void {
  app.decorateRequest('staff', function staff(this: FastifyRequest) {
    const memo = this as FastifyRequest & { _staff?: Promise<StaffPrincipal | null> };
    const token = this.cookies[STAFF_COOKIE];
    memo._staff ??= token ? loadPrincipal(this, () => loadStaffSession(db, token)) : Promise.resolve(null);
    return memo._staff;
  });
  app.decorateRequest('customer', function customer(this: FastifyRequest) {
    const memo = this as FastifyRequest & { _customer?: Promise<CustomerPrincipal | null> };
    const token = customerToken(this);
    memo._customer ??= token
      ? loadPrincipal(this, () => loadCustomerSession(db, token))
      : Promise.resolve(null);
    return memo._customer;
  });

  registerAccessTable(app);

  // preValidation: refuse unauthorised callers before telling them anything about their input.
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.is404) return; // the not-found handler answers unknown paths itself
    const access = request.routeOptions.config?.access;
    if (!access) {
      // Only non-API routes (static files) get here; anything else is refused.
      if (request.url.startsWith('/api')) return reply.status(403).send({ message: ACCESS_DENIED_MESSAGE });
      return;
    }
    if ('public' in access) return;
    if ('customer' in access) {
      const customer = await request.customer();
      if (!customer) return reply.status(401).send({ message: AUTH_REQUIRED_MESSAGE });
      // Suspension ends the account's sessions; this covers one opened while it was under way.
      if (customer.status === 'suspended') {
        return reply.status(403).send({ message: ACCOUNT_SUSPENDED_MESSAGE });
      }
      if (access.customer === 'fleet_admin' && customer.role !== 'fleet_admin') {
        return reply.status(403).send({ message: FLEET_ADMIN_ONLY_MESSAGE });
      }
      if (access.customer === 'owner' && !customer.isOwner) {
        return reply.status(403).send({ message: OWNER_ONLY_MESSAGE });
      }
      if (access.noImpersonation && customer.impersonator) {
        return reply.status(403).send({ message: IMPERSONATION_REFUSED_MESSAGE });
      }
      const missing = access.features?.find((feature) => !hasFeature(customer.featureAccess, feature));
      if (missing) {
        return reply
          .status(403)
          .send({ message: featureLockedMessage(missing), errorType: 'feature_not_included' });
      }
      request.customerUser = customer;
      return;
    }
    const staff = await request.staff();
    if (!staff) return reply.status(401).send({ message: AUTH_REQUIRED_MESSAGE });
    request.staffUser = staff;
    // A generated password is a secret someone else has seen: nothing opens until the member replaces it.
    if (!staff.isPasswordSet && !('staff' in access && access.beforePasswordSet)) {
      return reply
        .status(403)
        .send({ message: SET_PASSWORD_FIRST_MESSAGE, errorType: 'password_change_required' });
    }
    if ('tab' in access) {
      const allowed =
        canOpenTab(staff.role, access.tab) &&
        (!access.permission || hasPermission(staff.role, staff.permissions, access.permission));
      if (!allowed) return reply.status(403).send({ message: ACCESS_DENIED_MESSAGE });
    }
  });
}
