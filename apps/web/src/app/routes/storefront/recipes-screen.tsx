/** /discover/recipes (spec 2): the featured breakfast roll, category tiles and cooking tips. */
import { Clock, Flame, Users } from 'lucide-react';
import { Link } from '@/lib/router';
import { paths } from '@/lib/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { PageHeader } from './page-header';

const INGREDIENTS = [
  '4 Classic Beef Sausages',
  '4 rashers Back Bacon',
  '4 soft bread rolls',
  '2 eggs',
  '1 tomato, sliced',
  'A handful of rocket or lettuce',
  'Butter, salt and black pepper',
];
const STEPS = [
  'Heat a heavy pan over medium heat and cook the sausages for 10-12 minutes, turning often, until browned all over.',
  'Push the sausages aside and crisp the bacon for 2-3 minutes per side.',
  'Fry the eggs in a little butter until the whites are set.',
  'Split and lightly toast the rolls, then butter them.',
  'Layer greens, tomato, a halved sausage, bacon and an egg in each roll. Season and serve hot.',
];
const CATEGORIES = [
  { name: 'Beef', slug: 'beef' },
  { name: 'Pork', slug: 'pork' },
  { name: 'Lamb', slug: 'goat-and-lamb' },
  { name: 'Poultry', slug: 'poultry' },
];
const TIPS = [
  'Take meat out of the fridge 20 minutes before cooking so it cooks evenly.',
  'Never prick sausages: the juices keep them moist.',
  'Rest steaks for 5 minutes after cooking before slicing.',
  'Keep raw and cooked meat on separate boards.',
];

export function RecipesScreen() {
  useDocumentMeta('Recipes', 'A featured breakfast roll recipe, cooking tips and ideas for every cut.');
  return (
    <>
      <PageHeader eyebrow="Discover" title="Recipes" description="Cook something memorable tonight." />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[1.4fr_1fr]">
        <article className="rounded-[var(--radius-card)] border border-line bg-surface p-7">
          <p className="eyebrow">Featured recipe</p>
          <h2 className="mt-2 font-display text-3xl font-semibold text-ink">The Kampala Breakfast Roll</h2>
          <ul className="mt-3 flex flex-wrap gap-4 text-sm text-muted">
            <li className="flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden="true" /> 25 minutes
            </li>
            <li className="flex items-center gap-1.5">
              <Users className="size-4" aria-hidden="true" /> Serves 4
            </li>
            <li className="flex items-center gap-1.5">
              <Flame className="size-4" aria-hidden="true" /> Easy
            </li>
          </ul>
          <h3 className="mt-6 text-lg font-semibold text-ink">Ingredients</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-soft">
            {INGREDIENTS.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
          <h3 className="mt-6 text-lg font-semibold text-ink">Method</h3>
          <ol className="mt-2 list-decimal space-y-2 pl-5 text-ink-soft">
            {STEPS.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </article>
        <div className="space-y-8">
          <section aria-labelledby="recipe-categories">
            <h2 id="recipe-categories" className="font-display text-2xl font-semibold text-ink">
              Cook by category
            </h2>
            <ul className="mt-4 grid grid-cols-2 gap-3">
              {CATEGORIES.map((c) => (
                <li key={c.name}>
                  <Link
                    to={paths.productsInCategory(c.slug)}
                    className="block rounded-2xl bg-brand-700 p-5 text-center font-semibold text-white hover:bg-brand-800"
                  >
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="tips" className="rounded-[var(--radius-card)] bg-cream-deep p-6">
            <h2 id="tips" className="font-display text-2xl font-semibold text-ink">
              Cooking tips
            </h2>
            <ul className="mt-3 space-y-2 text-ink-soft">
              {TIPS.map((t) => (
                <li key={t}>• {t}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
