/** /api/admin/reports: sales over a date range, inventory valuation, and their CSV links. */
import type { InventoryReport, SalesGroup, SalesReport } from '@meatshop/shared/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const salesReportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'sales', from, to],
    queryFn: ({ signal }) => api.get<SalesReport>('/api/admin/reports/sales', { query: { from, to }, signal }),
  });

export const useSalesReport = (from: string, to: string) => useQuery({ ...salesReportQuery(from, to), placeholderData: keepPreviousData });

/** A same-origin link: the browser sends the session cookie and saves the file the server names. */
export const salesCsvUrl = (from: string, to: string, by: SalesGroup) =>
  `/api/admin/reports/sales.csv?${new URLSearchParams({ from, to, by }).toString()}`;

export const inventoryReportQuery = queryOptions({
  queryKey: ['admin', 'reports', 'inventory'],
  queryFn: ({ signal }) => api.get<InventoryReport>('/api/admin/reports/inventory', { signal }),
});

export const useInventoryReport = () => useQuery(inventoryReportQuery);

export const INVENTORY_CSV_URL = '/api/admin/reports/inventory.csv';
