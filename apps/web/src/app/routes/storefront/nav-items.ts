/** The storefront's menu; the desktop bar and mobile menu share it. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { paths } from '@/lib/paths';

export interface NavItem {
  /** Shown through `i18n._` in the page's language. */
  label: MessageDescriptor;
  to: string;
  /** Which paths light this item up; /shop counts as Products. */
  isActive: (pathname: string) => boolean;
}

const under = (prefix: string) => (p: string) => p === prefix || p.startsWith(`${prefix}/`);

export const MAIN_NAV: NavItem[] = [
  { label: msg`Home`, to: paths.home, isActive: (p) => p === '/' },
  { label: msg`Products`, to: paths.products, isActive: (p) => under(paths.products)(p) || under(paths.shop)(p) },
  { label: msg`About`, to: paths.about, isActive: under(paths.about) },
  { label: msg`Contact`, to: paths.contact, isActive: under(paths.contact) },
];

export const DISCOVER_NAV = [
  { label: msg`Recipes`, to: paths.discover.recipes, description: msg`Dishes from our kitchen to yours` },
  { label: msg`Blogs`, to: paths.discover.blogs, description: msg`Stories from the butchery` },
  { label: msg`Campaigns`, to: paths.discover.campaigns, description: msg`Offers and seasonal specials` },
] as const;

export const isDiscoverActive = under(paths.discover.root);
