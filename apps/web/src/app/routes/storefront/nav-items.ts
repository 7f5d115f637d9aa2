/** The storefront's menu; the desktop bar and mobile menu share it. */
import { paths } from '@/lib/paths';

export interface NavItem {
  label: string;
  to: string;
  /** Which paths light this item up; /shop counts as Products. */
  isActive: (pathname: string) => boolean;
}

const under = (prefix: string) => (p: string) => p === prefix || p.startsWith(`${prefix}/`);

export const MAIN_NAV: NavItem[] = [
  { label: 'Home', to: paths.home, isActive: (p) => p === '/' },
  { label: 'Products', to: paths.products, isActive: (p) => under(paths.products)(p) || under(paths.shop)(p) },
  { label: 'About', to: paths.about, isActive: under(paths.about) },
  { label: 'Contact', to: paths.contact, isActive: under(paths.contact) },
];

export const DISCOVER_NAV = [
  { label: 'Recipes', to: paths.discover.recipes, description: 'Dishes from our kitchen to yours' },
  { label: 'Blogs', to: paths.discover.blogs, description: 'Stories from the butchery' },
  { label: 'Campaigns', to: paths.discover.campaigns, description: 'Offers and seasonal specials' },
] as const;

export const isDiscoverActive = under(paths.discover.root);
