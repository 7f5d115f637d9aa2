/** /api/admin/staff and /api/admin/staff-roles: who works in the back office, and each role's permissions. */
import type {
  AdminAssignStaffInput,
  AdminStaffList,
  AdminStaffMember,
  AdminStaffRole,
  AdminStaffRoleInput,
  AdminStaffRoleList,
} from '@meatshop/shared/staff-permissions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const staffRolesQuery = queryOptions({
  queryKey: ['admin', 'staff-roles'],
  queryFn: ({ signal }) => api.get<AdminStaffRoleList>('/api/admin/staff-roles', { signal }),
});

export const staffQuery = queryOptions({
  queryKey: ['admin', 'staff'],
  queryFn: ({ signal }) => api.get<AdminStaffList>('/api/admin/staff', { signal }),
});

export const useStaffRoles = () => useQuery(staffRolesQuery);
export const useStaff = () => useQuery(staffQuery);

/** Roles count their members, so a change to either list refreshes both. */
function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: staffRolesQuery.queryKey }), qc.invalidateQueries({ queryKey: staffQuery.queryKey })]);
}

export function useSaveStaffRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AdminStaffRoleInput }) =>
      id
        ? api.put<AdminStaffRole>(`/api/admin/staff-roles/${encodeURIComponent(id)}`, input)
        : api.post<AdminStaffRole>('/api/admin/staff-roles', input),
    onSuccess: invalidate,
  });
}

export function useDeleteStaffRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/staff-roles/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function useAssignStaffRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: AdminAssignStaffInput) => api.put<AdminStaffMember>('/api/admin/staff', input),
    onSuccess: invalidate,
  });
}

export function useRemoveStaff() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (userId: string) => api.delete(`/api/admin/staff/${encodeURIComponent(userId)}`),
    onSuccess: invalidate,
  });
}
