ALTER TABLE "product_categories" ADD COLUMN "markdown_percent" integer;--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "markdown_days" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "markdown_use_by" date;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "markdown_percent" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "regular_price" integer;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_markdown_check" CHECK (("product_categories"."markdown_percent" IS NULL AND "product_categories"."markdown_days" IS NULL) OR ("product_categories"."markdown_percent" BETWEEN 5 AND 90 AND "product_categories"."markdown_days" BETWEEN 1 AND 7));