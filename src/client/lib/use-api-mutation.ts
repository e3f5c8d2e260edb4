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
