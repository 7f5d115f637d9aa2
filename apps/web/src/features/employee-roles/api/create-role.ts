/** POST /api/admin/roles: a new employee role. */
import type { AdminRole, AdminRoleInput } from '@meatshop/shared/employee-roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rolesKey } from './get-roles';

export const createRole = (input: AdminRoleInput) => api.post<AdminRole>('/api/admin/roles', input);

export function useCreateRole() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createRole, onSuccess: () => qc.invalidateQueries({ queryKey: rolesKey }) });
}
