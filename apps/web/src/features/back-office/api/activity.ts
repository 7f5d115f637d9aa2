/** The audit trail (Admin > Activity): one page of staff changes, and the people in it. */
import type { AdminActivityPage, AdminActivityPerson } from '@meatshop/shared/admin-activity';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export interface ActivityAsk {
  actorId?: string;
  entityType?: string;
  action?: string;
  q?: string;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

/** Empty choices are left out of the address the server reads. */
const present = (ask: ActivityAsk) => Object.fromEntries(Object.entries(ask).filter(([, v]) => v !== '' && v !== undefined));

/** Asked again whenever the screen opens: every other screen's change adds to it. */
export const useActivity = (ask: ActivityAsk) =>
  useQuery({
    queryKey: [...adminKeys.activity, 'list', ask],
    queryFn: () => api.get<AdminActivityPage>('/api/admin/activity', { query: present(ask) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useActivityPeople = () =>
  useQuery({
    queryKey: [...adminKeys.activity, 'people'],
    queryFn: () => api.get<AdminActivityPerson[]>('/api/admin/activity/people'),
  });
