import {
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';

export type Invalidates<TData, TVariables> =
  readonly QueryKey[] | ((data: TData, variables: TVariables) => readonly QueryKey[]);

/**
 * A mutation that names, by query key, what its success makes stale. Each key invalidates every query
 * that starts with it (a list key covers all its pages), and the caller's `onSuccess` runs once the
 * fresh data has been asked for, so a dialog that closes on success closes onto current figures.
 */
export function useApiMutation<TData, TVariables = void>(
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'> & {
    mutationFn: (variables: TVariables) => Promise<TData>;
    invalidates?: Invalidates<TData, TVariables>;
  },
): UseMutationResult<TData, Error, TVariables> {
  const queryClient = useQueryClient();
  const { invalidates, onSuccess, ...rest } = options;
  return useMutation({
    ...rest,
    onSuccess: async (data, variables, onMutateResult, context) => {
      const keys = typeof invalidates === 'function' ? invalidates(data, variables) : (invalidates ?? []);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
