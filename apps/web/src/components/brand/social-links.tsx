/** Links to the shop's social pages. Brand glyphs drawn here: lucide no longer ships brand icons. */
import { Trans } from '@lingui/react/macro';
import { SHOP } from '@meatshop/shared/constants';
import { cn } from '@/lib/cn';

const ICONS = {
  facebook: 'M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21h3z',
  instagram:
    'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm4.9-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0zM12 4.6c2.4 0 2.7 0 3.6.1 2.4.1 3.6 1.3 3.7 3.7v7.2c-.1 2.4-1.3 3.6-3.7 3.7H8.4c-2.4-.1-3.6-1.3-3.7-3.7V8.4c.1-2.4 1.3-3.6 3.7-3.7h3.6zM12 3c-2.4 0-2.7 0-3.7.1C5 3.2 3.2 5 3.1 8.3 3 9.3 3 9.6 3 12s0 2.7.1 3.7c.1 3.3 1.9 5.1 5.2 5.2h7.4c3.3-.1 5.1-1.9 5.2-5.2.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7C20.8 5 19 3.2 15.7 3.1 14.7 3 14.4 3 12 3z',
  x: 'M17.8 3.5h3l-6.5 7.4 7.6 10.1h-6l-4.7-6.1-5.4 6.1h-3l7-7.9L2.5 3.5h6.1l4.2 5.6 5-5.6zm-1 15.7h1.7L7.4 5.2H5.6l11.2 14z',
} as const;

const LABELS: Record<keyof typeof ICONS, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X (Twitter)',
};

interface SocialLinksProps {
  className?: string;
  itemClassName?: string;
  iconClassName?: string;
}

export function SocialLinks({ className, itemClassName, iconClassName }: SocialLinksProps) {
  return (
    <ul className={cn('flex items-center gap-1', className)}>
      {(Object.keys(ICONS) as Array<keyof typeof ICONS>).map((key) => {
        const shopName = SHOP.name;
        const network = LABELS[key];
        return (
          <li key={key}>
            <a
              href={SHOP.social[key]}
              target="_blank"
              rel="noopener noreferrer"
              className={cn('inline-flex size-9 items-center justify-center rounded-full transition-colors', itemClassName)}
            >
              <svg viewBox="0 0 24 24" className={cn('size-4', iconClassName)} fill="currentColor" aria-hidden="true" focusable="false">
                <path d={ICONS[key]} />
              </svg>
              <span className="sr-only">
                <Trans>
                  {shopName} on {network}
                </Trans>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
