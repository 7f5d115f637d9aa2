/** PATCH /api/admin/roles/:id: rename a role (its employees keep it). */
import type { AdminRole, AdminRoleInput } from '@meatshop/shared/employee-roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const renameRole = ({ id, ...input }: AdminRoleInput & { id: number }) => api.patch<AdminRole>(`/api/admin/roles/${id}`, input);

export function useRenameRole() {
  const qc = useQueryClient();
  // Employee lists show role names, so they refetch too.
  return useMutation({ mutationFn: renameRole, onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }) });
}
