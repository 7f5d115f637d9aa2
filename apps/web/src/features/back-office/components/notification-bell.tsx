/**
 * The admin bell: unread count and the latest 5 unread. Refetches on live `notification` events and
 * announces them with the spec's toast (section 8: "New notification received").
 */
import { useQueryClient } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { toast } from '@/lib/toast';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { formatDateTime } from '@/lib/format';
import { useLiveEvent } from '@/lib/live-events';
import { adminKeys } from '../api/keys';
import { useMarkNotificationRead, useNotifications } from '../api/misc';

export function NotificationBell() {
  const qc = useQueryClient();
  const notes = useNotifications();
  const markRead = useMarkNotificationRead();
  useLiveEvent((e) => {
    if (e.type === 'notification') {
      toast.info('New notification received');
      void qc.invalidateQueries({ queryKey: adminKeys.notifications });
    } else if (e.type === 'resync') void qc.invalidateQueries({ queryKey: adminKeys.notifications });
  });
  const count = notes.data?.unreadCount ?? 0;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="relative inline-flex size-10 items-center justify-center rounded-full text-ink-soft transition-colors hover:bg-cream-deep hover:text-ink"
        aria-label={count ? `Notifications, ${count} unread` : 'Notifications'}
      >
        <Bell className="size-5" aria-hidden="true" />
        {count ? (
          <span className="absolute top-1 right-1 inline-flex min-w-4.5 items-center justify-center rounded-full bg-brand-700 px-1 text-[0.65rem] font-bold text-white">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        <div className="flex items-center justify-between px-3 py-2">
          <p className="text-sm font-semibold text-ink">Notifications</p>
          {count ? (
            <button
              type="button"
              className="inline-flex items-center gap-1 text-xs font-semibold text-brand-700 hover:underline"
              onClick={() => markRead.mutate('all')}
            >
              <CheckCheck className="size-3.5" aria-hidden="true" />
              Mark all read
            </button>
          ) : null}
        </div>
        {notes.data?.items.length ? (
          notes.data.items.map((n) => (
            <DropdownMenuItem key={n.id} onSelect={() => markRead.mutate(n.id)} className="flex flex-col items-start gap-0.5">
              <span className="text-sm text-ink">{n.message}</span>
              <span className="text-xs text-muted">{formatDateTime(n.createdAt)}</span>
            </DropdownMenuItem>
          ))
        ) : (
          <p className="px-3 pb-3 text-sm text-muted">{notes.isPending ? 'Loading...' : 'You are all caught up.'}</p>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
