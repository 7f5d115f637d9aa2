ALTER TABLE "orders" ADD COLUMN "goods_returned_at" timestamp with time zone;--> statement-breakpoint
-- Orders cancelled before this column existed had their stock returned at the cancel itself.
UPDATE "orders" SET "goods_returned_at" = coalesce("cancelled_at", "updated_at") WHERE "status" = 'cancelled';
