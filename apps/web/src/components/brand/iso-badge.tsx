/** The ISO 22000 food-safety seal shown in the footer; links to the certifications page. */
import { Trans } from '@lingui/react/macro';
import { Link } from '@/lib/router';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/cn';

export function IsoBadge({ className }: { className?: string }) {
  return (
    <Link
      to={paths.certifications}
      className={cn(
        'group inline-flex items-center gap-3 rounded-2xl border border-gold/40 bg-white/5 py-2 pr-4 pl-2 transition-colors hover:border-gold hover:bg-white/10',
        className,
      )}
    >
      <svg viewBox="0 0 48 48" className="size-11 shrink-0" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="none" stroke="#C69749" strokeWidth="1.6" />
        <circle cx="24" cy="24" r="18" fill="none" stroke="#C69749" strokeWidth=".8" strokeDasharray="1.5 2" />
        <path d="M16 24.5l5 5 11-11" fill="none" stroke="#F3E6CC" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="flex flex-col leading-tight">
        <span className="text-sm font-bold tracking-wide text-cream">ISO 22000</span>
        <span className="text-xs text-cream/80 group-hover:text-cream">
          <Trans>Certified food safety</Trans>
        </span>
      </span>
    </Link>
  );
}
