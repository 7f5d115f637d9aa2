/** Employees, roles and riders. */
import type {
  AdminCreateEmployeeInput,
  AdminCreateRiderInput,
  AdminEmployee,
  AdminRider,
  AdminUpdateEmployeeInput,
  AdminUpdateRiderInput,
} from '@meatshop/shared/admin-people';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const useEmployees = () =>
  useQuery({ queryKey: adminKeys.employees, queryFn: () => api.get<AdminEmployee[]>('/api/admin/employees') });
export const useRoles = () =>
  useQuery({
    queryKey: adminKeys.roles,
    queryFn: () => api.get<{ roles: { id: number; name: string }[] }>('/api/admin/roles').then((r) => r.roles),
  });
export const useRiders = () => useQuery({ queryKey: adminKeys.riders, queryFn: () => api.get<AdminRider[]>('/api/admin/riders') });

function useInvalidate(key: readonly string[]) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: key });
}

export function useSaveEmployee() {
  const done = useInvalidate(adminKeys.employees);
  return useMutation({
    mutationFn: (v: { id: string; input: AdminUpdateEmployeeInput } | { id?: undefined; input: AdminCreateEmployeeInput }) =>
      v.id ? api.put<AdminEmployee>(`/api/admin/employees/${v.id}`, v.input) : api.post<AdminEmployee>('/api/admin/employees', v.input),
    onSuccess: done,
  });
}

export function useSetEmployeeActive() {
  const done = useInvalidate(adminKeys.employees);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      api.patch<AdminEmployee>(`/api/admin/employees/${id}/active`, { isActive }),
    onSuccess: done,
  });
}

export function useSaveRider() {
  const done = useInvalidate(adminKeys.riders);
  return useMutation({
    mutationFn: (v: { id: string; input: AdminUpdateRiderInput } | { id?: undefined; input: AdminCreateRiderInput }) =>
      v.id ? api.put<AdminRider>(`/api/admin/riders/${v.id}`, v.input) : api.post<AdminRider>('/api/admin/riders', v.input),
    onSuccess: done,
  });
}

export function useSetRiderActive() {
  const done = useInvalidate(adminKeys.riders);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      api.patch<AdminRider>(`/api/admin/riders/${id}/active`, { isActive }),
    onSuccess: done,
  });
}

/** An admin's decision on a rider who signed up on their own. */
export function useDecideRider() {
  const done = useInvalidate(adminKeys.riders);
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'decline' }) =>
      api.post<AdminRider>(`/api/admin/riders/${id}/${decision}`, {}),
    onSuccess: done,
  });
}

export function useDeleteRider() {
  const done = useInvalidate(adminKeys.riders);
  return useMutation({
    mutationFn: (id: string) => api.delete<{ outcome: 'deleted' | 'deactivated' }>(`/api/admin/riders/${id}`),
    onSuccess: done,
  });
}
