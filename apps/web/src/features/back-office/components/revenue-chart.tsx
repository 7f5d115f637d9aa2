/** The 7-day revenue bars (recharts, in its own lazy chunk so no other screen pays for it). */
import { formatUGX } from '@meatshop/shared/money';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const dayLabel = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

export default function RevenueChart({ data }: { data: { date: string; revenue: number; orders: number }[] }) {
  const rows = data.map((d) => ({ ...d, label: dayLabel.format(new Date(`${d.date}T00:00:00Z`)) }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={rows} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid vertical={false} stroke="#e7ded3" />
        <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: '#635950', fontSize: 12 }} />
        <YAxis
          tickLine={false}
          axisLine={false}
          width={48}
          tick={{ fill: '#635950', fontSize: 12 }}
          tickFormatter={(v: number) => compact.format(v)}
        />
        <Tooltip cursor={{ fill: '#f4eee6' }} formatter={(v) => [formatUGX(Number(v)), 'Revenue']} />
        <Bar dataKey="revenue" fill="#8b1e1e" radius={[6, 6, 0, 0]} maxBarSize={44} />
      </BarChart>
    </ResponsiveContainer>
  );
}
