/** /discover/recipes (spec 2): the featured breakfast roll, category tiles and cooking tips. */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Clock, Flame, Users } from 'lucide-react';
import { Link } from '@/lib/router';
import { paths } from '@/lib/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { PageHeader } from './page-header';

const INGREDIENTS = [
  msg`4 Classic Beef Sausages`,
  msg`4 rashers Back Bacon`,
  msg`4 soft bread rolls`,
  msg`2 eggs`,
  msg`1 tomato, sliced`,
  msg`A handful of rocket or lettuce`,
  msg`Butter, salt and black pepper`,
];
const STEPS = [
  msg`Heat a heavy pan over medium heat and cook the sausages for 10-12 minutes, turning often, until browned all over.`,
  msg`Push the sausages aside and crisp the bacon for 2-3 minutes per side.`,
  msg`Fry the eggs in a little butter until the whites are set.`,
  msg`Split and lightly toast the rolls, then butter them.`,
  msg`Layer greens, tomato, a halved sausage, bacon and an egg in each roll. Season and serve hot.`,
];
const CATEGORIES = [
  { name: msg`Beef`, slug: 'beef' },
  { name: msg`Pork`, slug: 'pork' },
  { name: msg`Lamb`, slug: 'goat-and-lamb' },
  { name: msg`Poultry`, slug: 'poultry' },
];
const TIPS = [
  msg`Take meat out of the fridge 20 minutes before cooking so it cooks evenly.`,
  msg`Never prick sausages: the juices keep them moist.`,
  msg`Rest steaks for 5 minutes after cooking before slicing.`,
  msg`Keep raw and cooked meat on separate boards.`,
];

export function RecipesScreen() {
  const { t, i18n } = useLingui();
  useDocumentMeta(t`Recipes`, t`A featured breakfast roll recipe, cooking tips and ideas for every cut.`);
  return (
    <>
      <PageHeader eyebrow={t`Discover`} title={t`Recipes`} description={t`Cook something memorable tonight.`} />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[1.4fr_1fr]">
        <article className="rounded-[var(--radius-card)] border border-line bg-surface p-7">
          <p className="eyebrow">
            <Trans>Featured recipe</Trans>
          </p>
          <h2 className="mt-2 font-display text-3xl font-semibold text-ink">
            <Trans>The Kampala Breakfast Roll</Trans>
          </h2>
          <ul className="mt-3 flex flex-wrap gap-4 text-sm text-muted">
            <li className="flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden="true" /> <Trans>25 minutes</Trans>
            </li>
            <li className="flex items-center gap-1.5">
              <Users className="size-4" aria-hidden="true" /> <Trans>Serves 4</Trans>
            </li>
            <li className="flex items-center gap-1.5">
              <Flame className="size-4" aria-hidden="true" /> <Trans>Easy</Trans>
            </li>
          </ul>
          <h3 className="mt-6 text-lg font-semibold text-ink">
            <Trans>Ingredients</Trans>
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-soft">
            {INGREDIENTS.map((i) => (
              <li key={i.id}>{i18n._(i)}</li>
            ))}
          </ul>
          <h3 className="mt-6 text-lg font-semibold text-ink">
            <Trans>Method</Trans>
          </h3>
          <ol className="mt-2 list-decimal space-y-2 pl-5 text-ink-soft">
            {STEPS.map((s) => (
              <li key={s.id}>{i18n._(s)}</li>
            ))}
          </ol>
        </article>
        <div className="space-y-8">
          <section aria-labelledby="recipe-categories">
            <h2 id="recipe-categories" className="font-display text-2xl font-semibold text-ink">
              <Trans>Cook by category</Trans>
            </h2>
            <ul className="mt-4 grid grid-cols-2 gap-3">
              {CATEGORIES.map((c) => (
                <li key={c.slug}>
                  <Link
                    to={paths.productsInCategory(c.slug)}
                    className="block rounded-2xl bg-brand-700 p-5 text-center font-semibold text-white hover:bg-brand-800"
                  >
                    {i18n._(c.name)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="tips" className="rounded-[var(--radius-card)] bg-cream-deep p-6">
            <h2 id="tips" className="font-display text-2xl font-semibold text-ink">
              <Trans>Cooking tips</Trans>
            </h2>
            <ul className="mt-3 space-y-2 text-ink-soft">
              {TIPS.map((tip) => (
                <li key={tip.id}>• {i18n._(tip)}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
