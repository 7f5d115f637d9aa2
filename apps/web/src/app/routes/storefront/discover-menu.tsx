/**
 * The Discover dropdown of the desktop navigation: a disclosure button and a panel of links (closes
 * on Escape, outside click and navigation). Hand-written instead of Radix's menu + floating-ui, which
 * would add about 20 KB gzip to every first visit for three links.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from '@/lib/router';
import { cn } from '@/lib/cn';
import { DISCOVER_NAV } from './nav-items';

export function DiscoverMenu({ triggerClassName }: { triggerClassName: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();
  const { i18n } = useLingui();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the route changes
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector('button')?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative" data-state={open ? 'open' : 'closed'}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={cn(triggerClassName, 'gap-1', open && 'text-ink')}
      >
        <Trans>Discover</Trans>
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-2.5 w-72 rounded-2xl border border-line bg-surface p-1.5 shadow-lift"
      >
        <ul>
          {DISCOVER_NAV.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="flex flex-col items-start gap-0.5 rounded-xl px-3 py-2.5 text-sm text-ink hover:bg-cream-deep focus-visible:bg-cream-deep"
              >
                <span className="font-semibold">{i18n._(item.label)}</span>
                <span className="text-xs text-muted">{i18n._(item.description)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
