/**
 * Demo reviews and ratings so the stars, the rating filter and the rating sort mean something on a
 * fresh shop. The reviewers are profiles without a password (nobody can sign in as them).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { user } from '../db/schema/auth.ts';
import { products } from '../db/schema/catalog.ts';
import { productRatings, productReviews } from '../db/schema/reviews.ts';
import { refreshProductRating } from '../modules/catalog/catalog.repository.ts';

const REVIEWERS = [
  { id: 'demo-reviewer-1', fullName: 'Grace Nakato' },
  { id: 'demo-reviewer-2', fullName: 'Brian Ssemwanga' },
  { id: 'demo-reviewer-3', fullName: 'Aisha Namuli' },
  { id: 'demo-reviewer-4', fullName: 'Joseph Okello' },
];

const COMMENTS: Record<number, string[]> = {
  5: ['Excellent quality, my family loved it.', 'Fresh, well packed and delivered on time.', 'The best in Kampala, I keep coming back.'],
  4: ['Very good, will order again.', 'Tasty and good value for the price.'],
  3: ['Good, but the pack was smaller than I expected.', 'Decent. I prefer it grilled rather than fried.'],
};

/** Deterministic: product i gets (i % 4) ratings between 3 and 5, so some have none at all. */
export function demoRatingsFor(index: number): number[] {
  return Array.from({ length: index % 4 }, (_, j) => 3 + ((index * 7 + j * 5) % 3));
}

export async function seedDemoReviews(db: Db, productIdsInSeedOrder: string[]) {
  for (const r of REVIEWERS) {
    const email = `${r.fullName.toLowerCase().replace(/\s+/g, '.')}@example.ug`;
    await db.insert(user).values({ id: r.id, name: r.fullName, email }).onConflictDoNothing();
    await db.insert(users).values({ id: r.id, email, fullName: r.fullName }).onConflictDoNothing();
  }
  const now = Date.now();
  for (const [i, productId] of productIdsInSeedOrder.entries()) {
    const ratings = demoRatingsFor(i);
    if (!ratings.length) continue;
    for (const [j, rating] of ratings.entries()) {
      const reviewer = REVIEWERS[j % REVIEWERS.length]!;
      const comments = COMMENTS[rating] ?? COMMENTS[4]!;
      const createdAt = new Date(now - (i * 5 + j + 1) * 86_400_000);
      await db.insert(productRatings).values({ userId: reviewer.id, productId, rating, createdAt, updatedAt: createdAt });
      await db
        .insert(productReviews)
        .values({ productId, userId: reviewer.id, rating, comment: comments[(i + j) % comments.length]!, createdAt });
    }
    await refreshProductRating(db, productId);
  }
}

export async function productIdsByName(db: Db, names: string[]) {
  const ids: string[] = [];
  for (const name of names) {
    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.name, name));
    if (row) ids.push(row.id);
  }
  return ids;
}
