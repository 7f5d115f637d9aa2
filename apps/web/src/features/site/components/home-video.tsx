/** The home page's looping, muted inline video (our own 77 KB clip), with a still as its poster. */
import { Trans, useLingui } from '@lingui/react/macro';

export function HomeVideo() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="video-title" className="container-page pb-16 sm:pb-20">
      <div className="grid items-center gap-8 lg:grid-cols-[1.2fr_1fr]">
        <video
          className="aspect-[16/7] w-full rounded-[1.75rem] bg-brand-950 object-cover shadow-lift"
          src="/site/grill-loop.mp4"
          poster="/site/hero-grill-800.webp"
          autoPlay
          loop
          muted
          playsInline
          preload="metadata"
          aria-label={t`Sausages sizzling on a charcoal grill`}
        />
        <div>
          <p className="eyebrow">
            <Trans>From our grill to yours</Trans>
          </p>
          <h2 id="video-title" className="mt-3 font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
            <Trans>Made to be shared</Trans>
          </h2>
          <p className="mt-4 text-muted sm:text-lg">
            <Trans>
              Every sausage is seasoned and smoked in Bwaise the morning it leaves us. Light the charcoal, call the family, and let the
              boerewors do the talking.
            </Trans>
          </p>
        </div>
      </div>
    </section>
  );
}
