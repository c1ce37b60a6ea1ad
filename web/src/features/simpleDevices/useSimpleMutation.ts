import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportActionFailure } from '../../app/failures';
import { vesselKeys } from '../vessels/queries';

/** A change to a simple device: on success the vessel's simple-device reads (list, dashboard) are refreshed. */
export function useSimpleMutation<T>(vesselId: number, what: string, run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'simpleDevices') }),
    onError: (error) => reportActionFailure(what, error),
  });
}
