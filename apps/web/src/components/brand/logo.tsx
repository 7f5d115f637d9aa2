/** The Kampala Prime Meats mark (a bull roundel) and wordmark; `/logo.svg` is the same as a file. */
import { cn } from '@/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={cn('size-10 shrink-0', className)} aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#8B1E1E" />
      <circle cx="24" cy="24" r="19.6" fill="none" stroke="#F3E6CC" strokeOpacity=".55" strokeWidth=".9" />
      <path d="M20.2 22.6C15.4 22.6 11.6 20.2 10.8 14.2c2.6 3.5 5.7 4.7 9.9 5z" fill="#F3E6CC" />
      <path d="M27.8 22.6c4.8 0 8.6-2.4 9.4-8.4-2.6 3.5-5.7 4.7-9.9 5z" fill="#F3E6CC" />
      <path d="M18.4 20.2h11.2c0 6.8-1.6 12.4-5.6 15.8-4-3.4-5.6-9-5.6-15.8z" fill="#F3E6CC" />
      <path d="M21.3 31.4h5.4" stroke="#8B1E1E" strokeWidth="1.4" strokeLinecap="round" />
      <circle cx="24" cy="10.4" r="1.5" fill="#C69749" />
    </svg>
  );
}

interface LogoProps {
  className?: string;
  /** `light` for dark backgrounds. */
  tone?: 'dark' | 'light';
  /** Extra line under the wordmark, e.g. "Rider" or "Back office". */
  caption?: string;
}

export function Logo({ className, tone = 'dark', caption }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className="size-9 sm:size-10" />
      <span className="flex flex-col leading-none">
        <span
          className={cn(
            'font-display text-[1.05rem] font-bold tracking-tight whitespace-nowrap sm:text-[1.2rem]',
            tone === 'dark' ? 'text-ink' : 'text-cream',
          )}
        >
          Kampala Prime
        </span>
        <span
          className={cn(
            'mt-1 flex items-center gap-1.5 text-[0.6rem] font-bold tracking-[0.42em] uppercase',
            tone === 'dark' ? 'text-brand-700' : 'text-gold-soft',
          )}
        >
          <span aria-hidden="true" className="h-px w-3 bg-gold" />
          {caption ?? 'Meats'}
        </span>
      </span>
    </span>
  );
}
