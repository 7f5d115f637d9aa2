/** DELETE /api/admin/roles/:id: only a role nobody holds (the server answers 409 otherwise). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rolesKey } from './get-roles';

export const deleteRole = (id: number) => api.delete<{ ok: true }>(`/api/admin/roles/${id}`);

export function useDeleteRole() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteRole, onSuccess: () => qc.invalidateQueries({ queryKey: rolesKey }) });
}
