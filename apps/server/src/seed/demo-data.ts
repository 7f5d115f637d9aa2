/** The demo shop: a realistic Kampala catalog, outlets, roles, coupons and the demo accounts. */
import type { Shape } from './images.ts';
import type { ProductOption } from '@meatshop/shared/product-options';
import type { Weighing } from '@meatshop/shared/weighing';

export const DEMO_PASSWORD = 'password123';

export const CATEGORIES: {
  name: string;
  slug: string;
  shape: Shape;
  description: string;
  /** The near-date markdown: percent off in the last `days` days up to a batch's sell-by date. */
  markdown?: { percent: number; days: number };
}[] = [
  {
    name: 'Sausages',
    slug: 'sausages',
    shape: 'sausage',
    description: 'Beef, pork and chicken sausages made fresh in Bwaise every morning.',
    markdown: { percent: 20, days: 2 },
  },
  {
    name: 'Cold Cuts',
    slug: 'cold-cuts',
    shape: 'coldcut',
    description: 'Hams, salami, bacon and smoked meats, sliced and ready to serve.',
  },
  { name: 'Beef', slug: 'beef', shape: 'steak', description: 'Grass-fed Ankole and Boran beef, aged and hand cut.' },
  { name: 'Pork', slug: 'pork', shape: 'pork', description: 'Farm-raised pork from Mukono and Wakiso, butchered daily.' },
  { name: 'Poultry', slug: 'poultry', shape: 'poultry', description: 'Kienyeji and broiler chicken, cleaned and portioned.' },
  { name: 'Goat and Lamb', slug: 'goat-and-lamb', shape: 'lamb', description: 'Tender goat and lamb from Karamoja and Mbarara.' },
];

interface DemoProduct {
  name: string;
  category: string;
  price: number;
  discountPrice?: number;
  stock: number;
  description: string;
  /** The cuts a customer picks, with what each adds to the price (per kg on a weighed product). */
  options?: ProductOption[];
  /**
   * Fresh meat sold by weight: `price` is then per kg and `stock` is kg at the demo outlets
   * (seeded as grams). Left out, the product is sold by the unit.
   */
  weighing?: Weighing;
}

const byWeight = (amounts: number[], tolerancePercent = 10): Weighing => ({ amounts, pieces: false, tolerancePercent });
const WEIGHED: Record<string, Weighing> = {
  'Beef Fillet 1kg': byWeight([250, 500, 1000, 2000]),
  'Minced Beef 1kg': byWeight([500, 1000, 2000]),
  'Beef Stewing Cubes 1kg': byWeight([500, 1000, 2000]),
  'Beef Short Ribs 1kg': byWeight([1000, 2000]),
  'Pork Chops 1kg': byWeight([500, 1000]),
  'Pork Belly 1kg': byWeight([500, 1000, 2000]),
  'Pork Spare Ribs 1kg': byWeight([500, 1000, 2000]),
  'Whole Kienyeji Chicken 1.3kg': { amounts: [1300], pieces: true, tolerancePercent: 15 },
  'Chicken Breast Fillets 1kg': byWeight([500, 1000]),
  'Chicken Drumsticks 1kg': byWeight([500, 1000]),
  'Chicken Wings 1kg': byWeight([500, 1000]),
  'Goat Meat 1kg': byWeight([250, 500, 1000, 2000]),
  'Goat Ribs 1kg': byWeight([500, 1000]),
};

const butcherCut = (values: [string, number][]): ProductOption[] => [
  { name: 'Cut', values: values.map(([label, priceDelta]) => ({ label, available: true, priceDelta })) },
];

const CATALOG: DemoProduct[] = [
  {
    name: 'Classic Beef Sausages 500g',
    category: 'sausages',
    price: 14_000,
    stock: 80,
    description:
      'Our best-selling beef sausages, seasoned with black pepper, nutmeg and a touch of coriander. Perfect for breakfast or the grill.',
  },
  {
    name: 'Pork Chipolatas 500g',
    category: 'sausages',
    price: 16_500,
    discountPrice: 14_900,
    stock: 45,
    description: 'Slim, juicy pork chipolatas with sage and thyme. Ready in 10 minutes in a hot pan.',
  },
  {
    name: 'Smoked Farmers Sausage 1kg',
    category: 'sausages',
    price: 32_000,
    stock: 25,
    description: 'A coil of beechwood-smoked pork and beef sausage, rich and garlicky. Slice it into stews or grill it whole.',
  },
  {
    name: 'Chicken Sausages 500g',
    category: 'sausages',
    price: 13_500,
    stock: 60,
    description: 'Lean chicken sausages with herbs, lower in fat and full of flavour.',
  },
  {
    name: 'Spicy Beef Boerewors 1kg',
    category: 'sausages',
    price: 35_000,
    discountPrice: 31_500,
    stock: 18,
    description: 'Traditional coiled boerewors with roasted coriander and chilli, made for the charcoal grill.',
  },
  {
    name: 'Breakfast Links 400g',
    category: 'sausages',
    price: 11_000,
    stock: 0,
    description: 'Mild cocktail-size pork links, a family favourite at breakfast.',
  },
  {
    name: 'Smoked Ham Slices 250g',
    category: 'cold-cuts',
    price: 12_500,
    stock: 70,
    description: 'Gently smoked leg ham, thinly sliced for sandwiches and platters.',
  },
  {
    name: 'Beef Salami 200g',
    category: 'cold-cuts',
    price: 15_000,
    stock: 40,
    description: 'Air-dried beef salami with peppercorns and garlic.',
  },
  {
    name: 'Pork Luncheon Loaf 500g',
    category: 'cold-cuts',
    price: 10_500,
    stock: 90,
    description: 'Classic luncheon loaf, sliced or whole, for quick lunches and school boxes.',
  },
  {
    name: 'Smoked Chicken Breast 300g',
    category: 'cold-cuts',
    price: 18_000,
    discountPrice: 16_200,
    stock: 30,
    description: 'Hot-smoked chicken breast, sliced, ready to eat in salads and wraps.',
  },
  {
    name: 'Back Bacon 500g',
    category: 'cold-cuts',
    price: 19_500,
    stock: 35,
    description: 'Dry-cured, lightly smoked back bacon rashers. Crisps beautifully.',
  },
  { name: 'Pepperoni 200g', category: 'cold-cuts', price: 16_000, stock: 4, description: 'Paprika-red pepperoni for pizzas and snacking.' },
  {
    name: 'Beef Fillet 1kg',
    category: 'beef',
    price: 48_000,
    stock: 20,
    description: 'The most tender cut, trimmed and ready for the pan or oven.',
    options: butcherCut([
      ['Whole', 0],
      ['Steaks', 0],
      ['Cubed', 1_000],
    ]),
  },
  {
    name: 'T-Bone Steak 1kg',
    category: 'beef',
    price: 38_000,
    stock: 26,
    description: 'Two steaks in one: sirloin and fillet on the bone, cut 2.5 cm thick.',
  },
  {
    name: 'Minced Beef 1kg',
    category: 'beef',
    price: 24_000,
    discountPrice: 21_600,
    stock: 75,
    description: 'Lean minced beef, freshly ground, for meatballs, burgers and sauces.',
  },
  {
    name: 'Beef Stewing Cubes 1kg',
    category: 'beef',
    price: 22_000,
    stock: 64,
    description: 'Chuck and shin in generous cubes, made for slow luwombo and stews.',
  },
  {
    name: 'Beef Short Ribs 1kg',
    category: 'beef',
    price: 26_000,
    stock: 8,
    description: 'Meaty short ribs for braising or smoking low and slow.',
  },
  {
    name: 'Pork Chops 1kg',
    category: 'pork',
    price: 28_000,
    stock: 38,
    description: 'Bone-in loin chops with a thin fat cap for flavour.',
  },
  {
    name: 'Pork Belly 1kg',
    category: 'pork',
    price: 30_000,
    discountPrice: 27_000,
    stock: 22,
    description: 'Skin-on pork belly, scored for crackling.',
  },
  {
    name: 'Pork Spare Ribs 1kg',
    category: 'pork',
    price: 29_000,
    stock: 33,
    description: 'Rack-cut spare ribs, ideal for barbecue glazes.',
    options: [
      ...butcherCut([
        ['Whole rack', 0],
        ['Cut into ribs', 0],
      ]),
      {
        name: 'Skin',
        values: [
          { label: 'On', available: true, priceDelta: 0 },
          { label: 'Off', available: true, priceDelta: 0 },
        ],
      },
    ],
  },
  {
    name: 'Pork Shoulder Roast 1.5kg',
    category: 'pork',
    price: 41_000,
    stock: 0,
    description: 'Boneless shoulder, tied for roasting or pulling.',
  },
  {
    name: 'Whole Kienyeji Chicken 1.3kg',
    category: 'poultry',
    price: 35_000,
    stock: 28,
    description: 'Free-range local chicken, cleaned and dressed. Deep flavour for soups and roasts.',
  },
  {
    name: 'Chicken Breast Fillets 1kg',
    category: 'poultry',
    price: 27_000,
    stock: 50,
    description: 'Skinless, boneless breast fillets, individually trimmed.',
  },
  {
    name: 'Chicken Drumsticks 1kg',
    category: 'poultry',
    price: 21_000,
    stock: 55,
    description: 'Plump drumsticks for the oven, grill or air fryer.',
  },
  {
    name: 'Chicken Wings 1kg',
    category: 'poultry',
    price: 18_500,
    discountPrice: 16_500,
    stock: 42,
    description: 'Party wings, split and tipped, ready for your favourite sauce.',
  },
  {
    name: 'Goat Meat 1kg',
    category: 'goat-and-lamb',
    price: 26_000,
    stock: 48,
    description: 'Bone-in goat pieces for muchomo and stews.',
    options: butcherCut([
      ['Whole', 0],
      ['Cubed', 1_000],
      ['Minced', 2_000],
    ]),
  },
  { name: 'Goat Ribs 1kg', category: 'goat-and-lamb', price: 27_500, stock: 19, description: 'Goat ribs for roasting over charcoal.' },
  {
    name: 'Lamb Loin Chops 1kg',
    category: 'goat-and-lamb',
    price: 45_000,
    stock: 14,
    description: 'Tender loin chops, best pink with rosemary and garlic.',
  },
  {
    name: 'Leg of Lamb 2kg',
    category: 'goat-and-lamb',
    price: 88_000,
    stock: 6,
    description: 'A whole bone-in leg for the Sunday roast or a celebration.',
  },
  {
    name: 'Beef Burger Patties 4 x 150g',
    category: 'beef',
    price: 20_000,
    stock: 36,
    description: 'Hand-pressed beef patties, seasoned and ready to grill.',
  },
];

/** The demo catalogue, fresh meat sold by weight (its cuts kept, their price changes now per kg). */
export const PRODUCTS: DemoProduct[] = CATALOG.map((p) => (WEIGHED[p.name] ? { ...p, weighing: WEIGHED[p.name] } : p));

export const OUTLETS = [
  {
    name: 'Bwaise Factory Shop',
    address: 'Plot 12, Bwaise Industrial Area',
    phone: '+256414123456',
    openingHours: 'Mon-Sat: 8:00 AM - 6:00 PM',
    managerName: 'Grace Nakato',
    latitude: 0.3563,
    longitude: 32.5581,
  },
  {
    name: 'City Centre Outlet',
    address: '45 Kampala Road',
    phone: '+256414223344',
    openingHours: 'Mon-Sat: 8:00 AM - 7:00 PM',
    managerName: 'Joseph Okello',
    latitude: 0.3136,
    longitude: 32.5811,
  },
  {
    name: 'Ntinda Outlet',
    address: 'Ntinda Shopping Complex, Ntinda Road',
    phone: '+256414556677',
    openingHours: 'Mon-Sun: 8:00 AM - 8:00 PM',
    managerName: 'Sarah Namubiru',
    latitude: 0.354,
    longitude: 32.616,
  },
  {
    name: 'Kansanga Outlet',
    address: 'Ggaba Road, Kansanga',
    phone: '+256414889900',
    openingHours: 'Mon-Sat: 8:00 AM - 6:00 PM',
    managerName: 'Peter Ssemwogerere',
    latitude: 0.2873,
    longitude: 32.6108,
  },
];

export const ROLES = ['Manager', 'Cashier', 'Butcher', 'Packer'];

export const COUPONS = [
  { code: 'WELCOME10', percent: 10 },
  { code: 'SUMMER20', percent: 20 },
  { code: 'MEAT15', percent: 15 },
  { code: 'FREESHIP', percent: 5 },
];

/** The default delivery zone: Greater Kampala at the spec's flat fee. */
export const DEFAULT_ZONE = { name: 'Greater Kampala', centerLat: 0.3476, centerLng: 32.5825, radiusKm: 25, fee: 5_000 };

export const ACCOUNTS = {
  admin: { email: 'admin@shop.test', fullName: 'Amina Nansubuga', phone: '+256772100001' },
  customer: { email: 'customer@shop.test', fullName: 'Daniel Mugisha', phone: '+256772100002' },
  outlet: { email: 'outlet@shop.test', fullName: 'Ruth Achieng', phone: '+256772100003' },
  rider: { email: 'rider@shop.test', fullName: 'Brian Kato', phone: '+256752100004' },
  /** Back-office staff with narrower roles than the admin's (Owner), to try what each may do. */
  dispatcher: { email: 'dispatcher@shop.test', fullName: 'Moses Ssempala', phone: '+256772100005' },
  accountant: { email: 'accountant@shop.test', fullName: 'Grace Atim', phone: '+256772100006' },
} as const;

/**
 * Lots of the factory shop close to their sell-by date, so a newcomer sees the Sausages markdown:
 * `sellByIn` days from the seeding day to the lot's sell-by date (0: today is its last day).
 */
export const NEAR_DATE_LOTS: { product: string; lotNumber: string; quantity: number; sellByIn: number }[] = [
  { product: 'Classic Beef Sausages 500g', lotNumber: 'CBS-ND-01', quantity: 6, sellByIn: 1 },
  { product: 'Chicken Sausages 500g', lotNumber: 'CHS-ND-01', quantity: 3, sellByIn: 0 },
];
