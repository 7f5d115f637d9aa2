/**
 * The page's language, and a choice of the others: choosing one keeps it (cookie) and reloads the
 * page, which the server then renders in it (lib/i18n.ts `switchLanguage`). Each language is named in
 * itself, so a visitor who cannot read the current one still finds their own.
 */
import { Trans } from '@lingui/react/macro';
import { LANGUAGES, LAUNCHED_LANGUAGES, launchedLanguage } from '@meatshop/shared/languages';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useLingui } from '@lingui/react';
import { cn } from '@/lib/cn';
import { switchLanguage } from '@/lib/i18n';

export function LanguageSwitcher({ className, selectClassName }: { className?: string; selectClassName?: string }) {
  const { i18n } = useLingui();
  const id = useId();
  if (LAUNCHED_LANGUAGES.length < 2) return null;
  return (
    <div className={cn('inline-flex items-center gap-1.5', className)}>
      <Languages className="size-3.5 shrink-0" aria-hidden="true" />
      <label htmlFor={id} className="sr-only">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(e) => {
          const chosen = launchedLanguage(e.target.value);
          if (chosen && chosen !== i18n.locale) switchLanguage(chosen);
        }}
        className={cn('cursor-pointer rounded-md bg-transparent py-0.5 text-xs font-medium focus-visible:outline-2', selectClassName)}
        data-testid="language-switcher"
      >
        {LANGUAGES.filter((l) => LAUNCHED_LANGUAGES.includes(l.code)).map((l) => (
          <option key={l.code} value={l.code} lang={l.code} className="text-ink">
            {l.label}
          </option>
        ))}
      </select>
    </div>
  );
}
