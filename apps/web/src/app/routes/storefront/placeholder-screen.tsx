/**
 * Stand-in for a storefront screen that later work fills (products, cart, checkout, orders…): the
 * right layout and title, a preview of the shape to come, and a way back to shopping.
 */
import { ArrowRight, ChefHat } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/paths';
import { useRouteHandle } from '../../use-route-handle';
import { PageHeader } from './page-header';

export function PlaceholderScreen() {
  const handle = useRouteHandle();
  const title = handle?.title ?? 'Kampala Prime Meats';

  return (
    <>
      <PageHeader eyebrow="Kampala Prime Meats" title={title} description={handle?.description} />
      <div className="container-page py-10 sm:py-14">
        <Card className="overflow-hidden">
          <div className="grid gap-0 md:grid-cols-[1fr_1.2fr]">
            <div className="flex flex-col justify-center p-7 sm:p-10">
              <span className="mb-5 inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <ChefHat className="size-6" aria-hidden="true" />
              </span>
              <h2 className="font-display text-2xl font-semibold text-ink">This page is being prepared</h2>
              <p className="mt-3 text-muted">
                Our team is putting the finishing touches on {title.toLowerCase()}. In the meantime, explore our premium sausages, cold cuts
                and fresh cuts.
              </p>
              <div className="mt-7">
                <Button asChild size="lg">
                  <Link to={paths.products}>
                    Browse products
                    <ArrowRight className="size-4" aria-hidden="true" />
                  </Link>
                </Button>
              </div>
            </div>
            <div className="grid grid-cols-2 gap-4 border-t border-line bg-cream p-6 sm:p-8 md:border-t-0 md:border-l">
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="space-y-3 rounded-2xl bg-surface p-3 shadow-card">
                  <Skeleton className="aspect-[4/3] w-full animate-none rounded-xl" />
                  <Skeleton className="h-3.5 w-3/4 animate-none" />
                  <Skeleton className="h-3 w-1/2 animate-none" />
                </div>
              ))}
            </div>
          </div>
        </Card>
      </div>
    </>
  );
}
