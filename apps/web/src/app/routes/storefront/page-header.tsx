/** The band at the top of a storefront page: eyebrow, title, one line of description. */
import type { ReactNode } from 'react';

interface PageHeaderProps {
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

export function PageHeader({ eyebrow, title, description, children }: PageHeaderProps) {
  return (
    <div className="relative overflow-hidden border-b border-line bg-cream-deep">
      <div className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-brand-100/60 blur-3xl" aria-hidden="true" />
      <div className="container-page relative py-10 sm:py-14">
        {eyebrow ? <p className="eyebrow mb-3">{eyebrow}</p> : null}
        <h1 className="font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{title}</h1>
        {description ? <p className="mt-3 max-w-2xl text-base text-muted sm:text-lg">{description}</p> : null}
        {children}
      </div>
    </div>
  );
}
