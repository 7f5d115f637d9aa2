/** PATCH /api/outlet/staff/:id: a manager activates, deactivates or re-roles an employee of the outlet. */
import type { OutletStaffMember, OutletStaffUpdateInput } from '@meatshop/shared/outlet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

export const updateOutletStaff = ({ id, ...input }: OutletStaffUpdateInput & { id: string }) =>
  api.patch<OutletStaffMember>(`/api/outlet/staff/${encodeURIComponent(id)}`, input);

export function useUpdateOutletStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOutletStaff,
    onSuccess: () => qc.invalidateQueries({ queryKey: outletKeys.staff() }),
  });
}
