/** GET /api/admin/roles: every employee role with how many employees hold it. */
import type { AdminRoleList } from '@meatshop/shared/employee-roles';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const rolesKey = ['admin', 'roles'] as const;

export const getRoles = () => api.get<AdminRoleList>('/api/admin/roles');

export const useRoles = () => useQuery({ queryKey: rolesKey, queryFn: getRoles });
