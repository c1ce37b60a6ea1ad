import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportActionFailure } from '../../app/failures';
import { toast } from '../../app/services';
import { orgKeys } from './queries';

/**
 * One organisation action (invite, pause, remove, accept...): on success a toast naming what
 * happened, `after` (clear a form, close a dialog), then the organisation's lists refreshed. A
 * failure is reported as "<failure> failed"; without `failure` the form shows the error itself.
 */
export function useOrgAction<Input, Result>(
  run: (input: Input) => Promise<Result>,
  options: { success: (result: Result, input: Input) => string; failure?: string; after?: () => void },
) {
  const queryClient = useQueryClient();
  const { success, failure, after } = options;
  return useMutation({
    mutationFn: run,
    onSuccess: async (result, input) => {
      toast.success(success(result, input));
      after?.();
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
    onError: failure ? (error) => reportActionFailure(failure, error) : undefined,
  });
}
