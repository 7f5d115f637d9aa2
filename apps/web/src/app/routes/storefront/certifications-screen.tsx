/** Certifications (spec 2): two quality certifications with achievements and the operating permit. */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BadgeCheck, Download, FileText, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { PageHeader } from './page-header';

const CERTIFICATIONS = [
  {
    icon: ShieldCheck,
    title: msg`ISO 22000 Food Safety Management`,
    body: msg`Our food safety management system is certified to ISO 22000, built on HACCP principles from farm intake to delivery.`,
    achievements: [
      msg`HACCP plan covering every product line`,
      msg`Annual third-party audits passed without major findings`,
      msg`Cold chain monitored and logged around the clock`,
      msg`Full traceability of every batch`,
    ],
  },
  {
    icon: BadgeCheck,
    title: msg`Uganda National Bureau of Standards`,
    body: msg`Our products carry the national standards bureau’s quality mark, confirming they meet Uganda’s standards for processed meat.`,
    achievements: [
      msg`Q-Mark certified sausages and cold cuts`,
      msg`Laboratory testing of every production batch`,
      msg`Labelling and ingredient declarations verified`,
      msg`Certified hygiene and handling training for all staff`,
    ],
  },
];

export function CertificationsScreen() {
  const { t, i18n } = useLingui();
  useDocumentMeta(t`Certifications`, t`ISO 22000 and national standards certified, with our operating permit available to download.`);
  return (
    <>
      <PageHeader eyebrow={t`Quality`} title={t`Certifications`} description={t`ISO 22000 and national standards certified.`} />
      <div className="container-page py-12">
        <div className="grid gap-6 md:grid-cols-2">
          {CERTIFICATIONS.map(({ icon: Icon, title, body, achievements }) => (
            <article key={title.id} className="rounded-[var(--radius-card)] border border-line bg-surface p-7">
              <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-white">
                <Icon className="size-7" aria-hidden="true" />
              </span>
              <h2 className="mt-5 font-display text-2xl font-semibold text-ink">{i18n._(title)}</h2>
              <p className="mt-2 text-ink-soft">{i18n._(body)}</p>
              <h3 className="mt-5 text-sm font-bold text-ink">
                <Trans>Achievements</Trans>
              </h3>
              <ul className="mt-2 space-y-2">
                {achievements.map((a) => (
                  <li key={a.id} className="flex gap-2 text-sm text-ink-soft">
                    <BadgeCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
                    {i18n._(a)}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        <section
          aria-labelledby="permit-title"
          className="mt-8 flex flex-col items-start gap-5 rounded-[var(--radius-card)] bg-cream-deep p-7 sm:flex-row sm:items-center"
        >
          <FileText className="size-10 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="flex-1">
            <h2 id="permit-title" className="font-display text-2xl font-semibold text-ink">
              <Trans>Operating Permit</Trans>
            </h2>
            <p className="mt-1 text-ink-soft">
              <Trans>Our trading and food premises operating permit from Kampala Capital City Authority, valid for 2026.</Trans>
            </p>
          </div>
          <Button asChild>
            <a href="/site/operating-permit.pdf" download="kampala-prime-meats-operating-permit.pdf">
              <Download className="size-4" aria-hidden="true" />
              <Trans>Download permit (PDF)</Trans>
            </a>
          </Button>
        </section>
      </div>
    </>
  );
}
