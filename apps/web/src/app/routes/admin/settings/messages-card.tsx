/**
 * Settings > Messages: every SMS and email sent to customers about their orders,
 * newest first, with where it went and how it went. Without SMTP or Africa's Talking configured this
 * is the outbox: the messages are kept here and nowhere else.
 */
import {
  ACCOUNT_MESSAGE_LABEL,
  MESSAGE_EVENT_LABEL,
  PAY_LINK_MESSAGE_LABEL,
  REFUND_MESSAGE_LABEL,
  MESSAGE_STATUS_LABEL,
  type AdminMessage,
  type MessageEvent,
} from '@meatshop/shared/messages';
import type { Tone } from '@meatshop/shared/status';
import { Mail, MessageSquare, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TableSkeleton } from '@/features/back-office/components/ops-table';
import { useCustomerMessages } from '@/features/back-office/api/delivery-ops';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

const STATUS_TONE: Record<AdminMessage['status'], Tone> = {
  pending: 'warning',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
  skipped: 'neutral',
};
const PROVIDER_LABEL: Record<string, string> = { outbox: 'Outbox only', smtp: 'SMTP', africastalking: "Africa's Talking" };

export function MessagesCard() {
  const [channel, setChannel] = useState<'all' | 'sms' | 'email'>('all');
  const messages = useCustomerMessages(channel);
  const providers = messages.data?.providers;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer messages</CardTitle>
        <CardDescription>
          SMS and email sent when an order is placed, paid, assigned a rider, picked up, delivered or cancelled.
          {providers ? (
            <>
              {' '}
              SMS: <strong className="text-ink">{PROVIDER_LABEL[providers.sms] ?? providers.sms}</strong> · Email:{' '}
              <strong className="text-ink">{PROVIDER_LABEL[providers.email] ?? providers.email}</strong>
            </>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Tabs value={channel} onValueChange={(v) => setChannel(v as typeof channel)}>
          <TabsList aria-label="Channel">
            <TabsTrigger value="all">All</TabsTrigger>
            <TabsTrigger value="sms">SMS</TabsTrigger>
            <TabsTrigger value="email">Email</TabsTrigger>
          </TabsList>
        </Tabs>
        {messages.isPending ? (
          <TableSkeleton rows={5} cols={4} />
        ) : messages.isError ? (
          <ErrorState title="Failed to load messages" message={errorMessage(messages.error)} onRetry={() => messages.refetch()} />
        ) : messages.data.messages.length === 0 ? (
          <EmptyState icon={MessagesSquare} title="No messages yet" description="Messages appear here as soon as customers place orders." />
        ) : (
          <ul className="divide-y divide-line rounded-2xl border border-line" aria-label="Messages">
            {messages.data.messages.map((m) => (
              <MessageRow key={m.id} m={m} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function MessageRow({ m }: { m: AdminMessage }) {
  const Icon = m.channel === 'sms' ? MessageSquare : Mail;
  const event =
    MESSAGE_EVENT_LABEL[m.event as MessageEvent] ??
    REFUND_MESSAGE_LABEL[m.event] ??
    PAY_LINK_MESSAGE_LABEL[m.event] ??
    ACCOUNT_MESSAGE_LABEL[m.event] ??
    m.event;
  return (
    <li className="grid gap-2 px-4 py-3.5 sm:grid-cols-[11rem_1fr_auto] sm:gap-4" data-testid="message-row">
      <div className="flex items-start gap-2.5">
        <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-cream-deep text-ink-soft">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-ink">
            {m.channel === 'sms' ? 'SMS' : 'Email'} · {event}
          </p>
          <p className="text-xs text-muted">{formatDateTime(m.createdAt)}</p>
          {m.orderNumber ? <p className="font-mono text-xs text-muted">#{m.orderNumber}</p> : null}
        </div>
        <Badge tone={STATUS_TONE[m.status]} className="sm:hidden">
          {MESSAGE_STATUS_LABEL[m.status]}
        </Badge>
      </div>
      <div className="min-w-0 text-sm">
        <p className="truncate text-xs font-medium text-ink-soft">To {m.recipient}</p>
        {m.subject ? <p className="truncate font-medium text-ink">{m.subject}</p> : null}
        <p className="line-clamp-3 whitespace-pre-line text-ink-soft">
          {m.channel === 'email' ? m.body.split('\n').slice(2, 3).join('') : m.body}
        </p>
        {m.lastError && m.status !== 'sent' ? <p className="mt-1 text-xs text-danger">{m.lastError}</p> : null}
      </div>
      <div className="hidden items-start gap-2 sm:flex sm:flex-col sm:items-end">
        <Badge tone={STATUS_TONE[m.status]}>{MESSAGE_STATUS_LABEL[m.status]}</Badge>
        {m.attempts > 1 ? <span className="text-xs text-muted">{m.attempts} tries</span> : null}
      </div>
    </li>
  );
}
