import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';

/**
 * The kit's mutation: a call through `apiJson`/`apiRequest`, whose answer makes stale every query that
 * read what it wrote (the freshness model, docs/client-kit.md), so nothing is listed here by hand. The
 * call resolves once the screens on view have their fresh data, so the caller's `onSuccess` (a dialog
 * that closes, a toast) runs onto current figures.
 */
export function useApiMutation<TData, TVariables = void>(
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'> & {
    mutationFn: (variables: TVariables) => Promise<TData>;
  },
): UseMutationResult<TData, Error, TVariables> {
  return useMutation(options);
}

/**
 * The hook of one change, declared in the area's `api.ts` by its call alone:
 * `export const useDeleteDriver = apiMutation((id: string) => apiJson('DELETE', …, successResponse));`
 */
export function apiMutation<TData, TVariables = void>(mutationFn: (variables: TVariables) => Promise<TData>) {
  return function useEndpointMutation() {
    return useApiMutation({ mutationFn });
  };
}

/**
 * The same for a change that needs a value the screen holds (the customer's email, the open ticket):
 * `export const useReply = apiMutationOf((id: string) => (body: string) => apiJson('POST', …));`,
 * called as `useReply(ticket.id)`.
 */
export function apiMutationOf<A, TData, TVariables = void>(
  call: (argument: A) => (variables: TVariables) => Promise<TData>,
) {
  return function useEndpointMutation(argument: A) {
    return useApiMutation({ mutationFn: call(argument) });
  };
}
