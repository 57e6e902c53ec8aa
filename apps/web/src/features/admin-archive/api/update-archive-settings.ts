import type { ArchiveSettings } from '@fixpoint/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminArchiveKeys } from './admin-archive-keys';

/** `PUT /admin/networks/{id}/archive`: retention (0 stops recording), RINEX price per hour, relayed recording. */
export const updateArchiveSettings = (networkId: string, settings: ArchiveSettings) =>
  apiRequest<ArchiveSettings>(`/admin/networks/${encodeURIComponent(networkId)}/archive`, {
    method: 'PUT',
    body: settings,
  });

export function useUpdateArchiveSettings(
  networkId: string,
  { onSaved }: { onSaved: (settings: ArchiveSettings) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ArchiveSettings) => updateArchiveSettings(networkId, settings),
    onSuccess: async (saved) => {
      onSaved(saved);
      await queryClient.invalidateQueries({ queryKey: adminArchiveKeys.all });
    },
  });
}
