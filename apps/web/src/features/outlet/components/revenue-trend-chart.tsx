/**
 * The last 7 Kampala days of revenue as bars (recharts). Loaded lazily by the dashboard so the
 * chart library only reaches people who open the outlet portal.
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatUGX } from '@meatshop/shared/money';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface TrendPoint {
  date: string;
  revenue: number;
  orders: number;
}

const dayLabel = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
/** `2026-11-21` is a Kampala calendar day: format it as that day, not as a UTC instant shifted. */
const labelOf = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export default function RevenueTrendChart({ data }: { data: TrendPoint[] }) {
  const { t } = useLingui();
  const points = data.map((d) => ({ ...d, label: labelOf(d.date) }));
  return (
    <div className="h-64 w-full" role="img" aria-label={t`Revenue for the last ${data.length} days`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: -8 }}>
          <CartesianGrid vertical={false} stroke="var(--color-line)" strokeDasharray="3 3" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'var(--color-muted)', fontSize: 12 }} />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={48}
            tick={{ fill: 'var(--color-muted)', fontSize: 12 }}
            tickFormatter={(v: number) => compact.format(v)}
          />
          <Tooltip
            cursor={{ fill: 'var(--color-brand-50)' }}
            formatter={(value) => [formatUGX(Number(value)), t`Revenue`]}
            labelFormatter={(label, payload) => {
              const orders = (payload?.[0]?.payload as TrendPoint | undefined)?.orders ?? 0;
              return `${String(label)} · ${t`${plural(orders, { one: '# order', other: '# orders' })}`}`;
            }}
            contentStyle={{ borderRadius: 12, borderColor: 'var(--color-line)', fontSize: 13 }}
          />
          <Bar dataKey="revenue" fill="var(--color-brand-700)" radius={[6, 6, 0, 0]} maxBarSize={40} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
