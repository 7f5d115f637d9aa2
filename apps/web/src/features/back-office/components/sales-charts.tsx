/**
 * Sales charts (recharts). Only the admin report screens import this file, so recharts stays in the
 * admin chunk and never reaches a shopper's phone.
 */
import { formatUGX } from '@meatshop/shared/money';
import type { SalesRow } from '@meatshop/shared/reports';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const shortDay = (key: string) => new Date(`${key}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

export function RevenueByDayChart({ rows }: { rows: SalesRow[] }) {
  return (
    <div className="h-64 w-full" role="img" aria-label="Revenue by day">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--color-line)" />
          <XAxis
            dataKey="key"
            tickFormatter={shortDay}
            tick={{ fontSize: 12, fill: 'var(--color-muted)' }}
            tickLine={false}
            axisLine={false}
            minTickGap={16}
          />
          <YAxis
            tickFormatter={(v: number) => compact.format(v)}
            tick={{ fontSize: 12, fill: 'var(--color-muted)' }}
            tickLine={false}
            axisLine={false}
            width={48}
          />
          <Tooltip
            cursor={{ fill: 'var(--color-cream-deep)' }}
            formatter={(v) => [formatUGX(Number(v)), 'Revenue']}
            labelFormatter={(l) => shortDay(String(l))}
          />
          <Bar dataKey="revenue" fill="var(--color-brand-700)" radius={[6, 6, 0, 0]} maxBarSize={36} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function BreakdownChart({ rows, label }: { rows: SalesRow[]; label: string }) {
  const top = rows.slice(0, 8);
  return (
    <div className="w-full" style={{ height: Math.max(120, top.length * 36 + 24) }} role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={top} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid horizontal={false} stroke="var(--color-line)" />
          <XAxis
            type="number"
            tickFormatter={(v: number) => compact.format(v)}
            tick={{ fontSize: 12, fill: 'var(--color-muted)' }}
            axisLine={false}
            tickLine={false}
          />
          <YAxis
            type="category"
            dataKey="label"
            width={130}
            tick={{ fontSize: 12, fill: 'var(--color-ink-soft)' }}
            axisLine={false}
            tickLine={false}
          />
          <Tooltip cursor={{ fill: 'var(--color-cream-deep)' }} formatter={(v) => [formatUGX(Number(v)), 'Sales']} />
          <Bar dataKey="revenue" fill="var(--color-gold)" radius={[0, 6, 6, 0]} maxBarSize={24} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
