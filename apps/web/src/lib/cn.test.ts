/**
 * `cn` must merge the classes this app writes exactly as tailwind-merge does (its oracle here,
 * told the app's theme shadows and animations from index.css). The corpus is harvested from the
 * source when the test runs, so a class added tomorrow is checked too: every string literal made
 * only of class-like words, at least one of which tailwind-merge knows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extendTailwindMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';

const src = join(import.meta.dirname, '..');
const css = readFileSync(join(src, 'index.css'), 'utf8');
const themeNames = (prefix: string) => [...css.matchAll(new RegExp(`--${prefix}-([a-z0-9-]+)\\s*:`, 'g'))].map((m) => m[1] as string);
const twMerge = extendTailwindMerge({ extend: { theme: { shadow: themeNames('shadow'), animate: themeNames('animate') } } });

const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  // cn.ts itself is left out: its tables of utility names are not classes the app uses.
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith(join('lib', 'cn.ts')))
  .map((f) => readFileSync(join(src, f), 'utf8'));

const CLASS_WORD = /^[a-z0-9!@*[\]()\-_.:/%#,&>=+'"]+$/;
const known = (c: string) => twMerge(`${c} ${c}`) === c;
/** The class-like string literals of each file (template literals without their `${}` parts). */
const literalsByFile = files.map((text) => {
  const found = new Set<string>();
  for (const m of text.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\]*)`/g)) {
    const words = (m[1] ?? m[2] ?? m[3] ?? '')
      .replace(/\$\{[^}]*\}/g, ' ')
      .trim()
      .split(/\s+/);
    if (words.every((w) => CLASS_WORD.test(w)) && words.some(known)) found.add(words.join(' '));
  }
  return [...found];
});
const literals = [...new Set(literalsByFile.flat())];
/** Class strings of components that take a `className` override: `cn(base, …, className)`. */
const overridable = [...new Set(literalsByFile.filter((_, i) => /cn\([^;]*,\s*className,?\s*\)/.test(files[i] as string)).flat())];
const vocabulary = [...new Set(literals.flatMap((l) => l.split(' ')))];

describe('cn', () => {
  it('harvests a corpus large enough to mean something', () => {
    expect(literals.length).toBeGreaterThan(500);
    expect(vocabulary.length).toBeGreaterThan(500);
    expect(overridable.length).toBeGreaterThan(50);
    console.info(
      `cn corpus: ${literals.length} class strings (${overridable.length} in overridable components), ${vocabulary.length} classes`,
    );
  });

  it('merges every ordered pair of classes used in the app as tailwind-merge does', () => {
    const wrong: string[] = [];
    for (const a of vocabulary) {
      for (const b of vocabulary) {
        const expected = twMerge(a, b);
        if (cn(a, b) !== expected) wrong.push(`cn('${a}', '${b}') = '${cn(a, b)}', tailwind-merge: '${expected}'`);
      }
    }
    expect(wrong.slice(0, 40)).toEqual([]);
  });

  it('merges each class string of the app, and each pair from one file, as tailwind-merge does', () => {
    const wrong: string[] = [];
    for (const fileLiterals of literalsByFile) {
      for (const a of fileLiterals) {
        for (const b of fileLiterals) {
          if (cn(a, b) !== twMerge(a, b)) wrong.push(`cn('${a}', '${b}') = '${cn(a, b)}', tailwind-merge: '${twMerge(a, b)}'`);
        }
      }
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it('merges the class strings of overridable components with every class string of the app as tailwind-merge does', () => {
    const wrong: string[] = [];
    for (const base of overridable) {
      for (const override of literals) {
        if (cn(base, override) !== twMerge(base, override)) wrong.push(`cn('${base}', '${override}') = '${cn(base, override)}'`);
      }
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it.each([
    [['px-5', 'px-3'], 'px-3'],
    [['p-4', 'px-2'], 'p-4 px-2'],
    [['px-2', 'p-4'], 'p-4'],
    [['text-sm text-ink', 'text-cream/80'], 'text-sm text-cream/80'],
    [['text-ink', 'text-[2.6rem]'], 'text-ink text-[2.6rem]'],
    [['text-lg', 'text-[2.6rem]'], 'text-[2.6rem]'],
    [['text-muted', 'text-[#1f6f43]'], 'text-[#1f6f43]'],
    [['border border-line', 'border-2'], 'border-line border-2'],
    [['border border-line', 'border-danger'], 'border border-danger'],
    [['border-b border-line', 'border-0'], 'border-line border-0'],
    [['shadow-card', 'shadow-none'], 'shadow-none'],
    [['shadow-card', 'shadow-lift'], 'shadow-lift'],
    [['size-4', 'w-6'], 'size-4 w-6'],
    [['w-6 h-6', 'size-4'], 'size-4'],
    [['top-3 left-0', 'inset-0'], 'inset-0'],
    [['inset-0', 'top-3'], 'inset-0 top-3'],
    [['font-semibold', 'font-display'], 'font-semibold font-display'],
    [['font-semibold', 'font-bold'], 'font-bold'],
    [['bg-brand-950', 'bg-[radial-gradient(circle,red,blue)]'], 'bg-brand-950 bg-[radial-gradient(circle,red,blue)]'],
    [['bg-brand-950', 'bg-white/10'], 'bg-white/10'],
    [['rounded-[var(--radius-card)]', 'rounded-2xl'], 'rounded-2xl'],
    [['rounded-xl', '!rounded-2xl'], 'rounded-xl !rounded-2xl'],
    [['hover:bg-cream sm:px-4', 'hover:bg-white md:px-2'], 'sm:px-4 hover:bg-white md:px-2'],
    [['sm:hover:p-4', 'hover:sm:p-2'], 'hover:sm:p-2'],
    [['has-[:checked]:border-brand-700', 'has-[:checked]:border-line'], 'has-[:checked]:border-line'],
    [['data-[state=open]:animate-fade-in', 'data-[state=open]:animate-pop-in'], 'data-[state=open]:animate-pop-in'],
    [['hidden', 'print:hidden!', 'print:block!'], 'hidden print:block!'],
    [['flex', 'hidden'], 'hidden'],
    [['overflow-hidden', 'line-clamp-2'], 'line-clamp-2'],
    [['leading-5', 'text-sm'], 'text-sm'],
    [['group relative', 'container-page eyebrow'], 'group relative container-page eyebrow'],
  ])('cn(%j) is %j', (args, expected) => {
    expect(cn(...args)).toBe(expected);
    expect(twMerge(...args)).toBe(expected);
  });

  it('joins strings and arrays, skipping falsy values and extra spaces', () => {
    expect(cn('  a  b ', undefined, null, false, 0, '', ['c', ['d', false]])).toBe('a b c d');
    expect(cn()).toBe('');
  });
});
