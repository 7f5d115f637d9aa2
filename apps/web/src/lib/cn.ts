/**
 * Joins class names, skipping falsy values, and lets a later Tailwind class win over an earlier
 * one of the same kind (`cn('px-5', 'px-3')` → `px-3`), so components can take overrides.
 *
 * A small stand-in for tailwind-merge (it cost 9.6 KB gzip of the first visit). It knows
 * the utilities this app uses and follows tailwind-merge's rules for them: a class is dropped when
 * a later class with the same variants and `!` sets the same property (`p-4` drops an earlier
 * `px-2`, not a later one). Classes it does not know are kept. `cn.test.ts` checks it against
 * tailwind-merge on every pair of classes found in the app's source.
 */
export type ClassValue = ClassValue[] | string | null | undefined | false | 0;

// Utilities that are a whole word, by group.
const WORDS: Record<string, string> = {};
for (const [group, words] of Object.entries({
  display: 'block inline-block inline inline-flex flex grid inline-grid hidden contents table table-row table-cell table-header-group',
  position: 'static fixed absolute relative sticky',
  isolation: 'isolate isolation-auto',
  'container-type': '@container @container-normal',
  sr: 'sr-only not-sr-only',
  visibility: 'visible invisible collapse',
  'font-style': 'italic not-italic',
  case: 'uppercase lowercase capitalize normal-case',
  decoration: 'underline overline line-through no-underline',
  'text-overflow': 'truncate text-ellipsis text-clip',
  nums: 'tabular-nums proportional-nums',
  'text-align': 'text-left text-center text-right text-justify text-start text-end',
  'text-wrap': 'text-wrap text-nowrap text-balance text-pretty',
  'overflow-wrap': 'wrap-anywhere wrap-break-word wrap-normal',
  'border-collapse': 'border-collapse border-separate',
  'border-style': 'border-solid border-dashed border-dotted border-double border-none',
  'outline-style': 'outline-none outline-solid outline-dashed outline-dotted',
  'ring-inset': 'ring-inset',
  'flex-direction': 'flex-row flex-row-reverse flex-col flex-col-reverse',
  'flex-wrap': 'flex-wrap flex-wrap-reverse flex-nowrap',
  'object-fit': 'object-contain object-cover object-fill object-none',
  'snap-align': 'snap-start snap-end snap-center',
  'snap-type': 'snap-x snap-y snap-both snap-none',
  transform: 'transform-none',
  // `col-auto` and `col-span-2` set the same grid-column, as tailwind-merge groups them.
  'col-span': 'col-auto',
  'row-span': 'row-auto',
})) {
  for (const word of words.split(' ')) WORDS[word] = group;
}

// Utilities written `<name>-<value>`; a group with a side (`p.x`, `inset.t`, `border.b`) is
// overridden by the same group without one (`p-4` drops an earlier `px-2`).
const NAMES = new Set(
  'p m scroll-px gap space-x space-y w h size min-w min-h max-w max-h inset z order basis grow shrink flex items justify self content grid-cols grid-rows col-span col-start col-end row-span row-start row-end overflow object whitespace break line-clamp list cursor pointer-events select aspect opacity duration delay ease transition animate blur backdrop-blur scale rotate translate-x translate-y origin underline-offset decoration align accent appearance fill stroke tracking leading font text bg from via to border divide-x divide-y divide ring ring-offset outline outline-offset shadow rounded'.split(
    ' ',
  ),
);
const INSET: Record<string, string> = { top: 't', right: 'r', bottom: 'b', left: 'l', start: 's', end: 'e' };
const CONFLICTS: Record<string, string> = { size: 'w h', flex: 'basis grow shrink', fs: 'leading', 'line-clamp': 'display overflow' };

const isColor = (v: string) => !/^(\d|\[(\d|(calc|clamp|min|max)\(|length:))|^$/.test(v);

function groupOf(base: string): string | undefined {
  const word = WORDS[base];
  if (word) return word;
  const parts = base.replace(/^-/, '').split('-');
  let name = parts.shift() as string;
  let side = '';
  if (NAMES.has(`${name}-${parts[0]}`)) name += `-${parts.shift()}`;
  if (/^[pm][xytrblse]$/.test(name)) [side, name] = [name.slice(1), name.slice(0, 1)];
  else if (INSET[name]) [name, side] = ['inset', INSET[name] as string];
  else if (/^(gap|inset|overflow|border|rounded)$/.test(name) && /^([xytrblse]|[tb][lr])$/.test(parts[0] as string))
    side = parts.shift() as string;
  const value = parts.join('-');
  // Only some utilities exist without a value (`border`, `rounded`, `shadow`, `grow` …).
  if (
    !NAMES.has(name) ||
    (!value && !/^(border|rounded|shadow|ring|outline|blur|backdrop-blur|transition|divide-.|grow|shrink)$/.test(name))
  )
    return;
  if (name === 'text') name = /^(xs|sm|base|lg|[2-9]?xl|\[(\d|calc\(|min\(|max\(|clamp\())/.test(value) ? 'fs' : 'text-color';
  if (name === 'font') name = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/.test(value) ? 'fw' : 'ff';
  if (name === 'decoration')
    name = /^(solid|double|dotted|dashed|wavy)$/.test(value)
      ? 'decoration-style'
      : isColor(value) && value !== 'auto' && value !== 'from-font'
        ? 'decoration-color'
        : 'decoration-thickness';
  if (name === 'bg' && /^(none|linear|radial|conic|\[(url|[a-z-]*gradient)\()/.test(value)) name = 'bg-image';
  // card and lift are this app's theme shadows (index.css); other words are colours.
  if (name === 'shadow' && !/^(|none|card|lift|[23]?xs|sm|md|lg|[2-9]?xl|\[.*_.*\])$/.test(value)) name = 'shadow-color';
  if (/^(border|ring|outline|divide)/.test(name) && isColor(value)) name += '-color';
  return side ? `${name}.${side}` : name;
}

function conflictsOf(group: string): string[] {
  const [name, side] = group.split('.');
  const sides = side ? { x: 'r l', y: 't b' }[side] : 'x y t r b l s e tl tr br bl';
  return [...(sides?.split(' ').map((s) => `${name}.${s}`) ?? []), ...(CONFLICTS[group]?.split(' ') ?? [])];
}

// Variants in a different order are the same variant, except around arbitrary and pseudo-element ones.
function variantKey(variants: string[]): string {
  const out: string[] = [];
  let run: string[] = [];
  for (const v of variants) {
    if (v[0] === '[' || /^(\*|after|before|backdrop|file|marker|placeholder|selection|first-l)/.test(v)) {
      out.push(...run.sort(), v);
      run = [];
    } else run.push(v);
  }
  return out.concat(run.sort()).join(':');
}

function merge(classes: string[]): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  for (const cls of classes.reverse()) {
    // `sm:hover:!px-3` → variants `sm`, `hover` and base `px-3`; colons inside `[…]` are not splits.
    const variants = cls.split(/:(?![^[]*\])/);
    const base = variants.pop() as string;
    const important = /^!|!$/.test(base);
    // The opacity or line height after a slash (`bg-white/10`, `text-sm/6`) does not change the group.
    const group = groupOf(base.replace(/^!|!$|\/[^\]]*$/g, ''));
    if (group) {
      const key = variantKey(variants) + (important ? '!' : '');
      if (taken.has(key + group)) continue;
      for (const g of [group, ...conflictsOf(group)]) taken.add(key + g);
    }
    kept.push(cls);
  }
  return kept.reverse().join(' ');
}

function flatten(values: ClassValue[], out: string[]): string[] {
  for (const v of values) {
    if (Array.isArray(v)) flatten(v, out);
    else if (v) out.push(...v.split(/\s+/).filter(Boolean));
  }
  return out;
}

// The same lists come up on every render (a Button's variant classes): each is merged once.
const merged = new Map<string, string>();
const MAX_REMEMBERED = 2000;

export function cn(...classes: ClassValue[]): string {
  const list = flatten(classes, []);
  const key = list.join(' ');
  let result = merged.get(key);
  if (result === undefined) {
    result = merge(list);
    if (merged.size >= MAX_REMEMBERED) merged.clear();
    merged.set(key, result);
  }
  return result;
}
