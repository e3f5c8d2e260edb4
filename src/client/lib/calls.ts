/*
 * The call kit in one import: what a feature's `api.ts` declares its reads and changes with
 * (docs/client-kit.md, "Calls"). Each part lives in its own module; this is only their common door.
 */
export { ApiError, apiJson, apiRequest, getJson, searchParams, type Contract } from './api';
export { apiMutation, apiMutationOf } from './use-api-mutation';
export { pagedQuery } from './paged-query';
export { endpointQuery } from './endpoint-query';
