CREATE TABLE "sales_daily_categories" (
	"day" date NOT NULL,
	"category_id" uuid,
	"payment_bucket" text NOT NULL,
	"orders" integer NOT NULL,
	"units" bigint NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "sales_daily_categories_payment_bucket_check" CHECK (payment_bucket IN ('refunded', 'failed', 'other'))
);
--> statement-breakpoint
CREATE TABLE "sales_daily_orders" (
	"day" date NOT NULL,
	"outlet_id" uuid,
	"payment_method" text NOT NULL,
	"payment_bucket" text NOT NULL,
	"orders" integer NOT NULL,
	"units" bigint NOT NULL,
	"revenue" bigint NOT NULL,
	"item_sales" bigint NOT NULL,
	"delivery_fees" bigint NOT NULL,
	"discounts" bigint NOT NULL,
	CONSTRAINT "sales_daily_orders_payment_bucket_check" CHECK (payment_bucket IN ('refunded', 'failed', 'other'))
);
--> statement-breakpoint
CREATE TABLE "sales_daily_products" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"payment_bucket" text NOT NULL,
	"product_name" text NOT NULL,
	"orders" integer NOT NULL,
	"units" bigint NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "sales_daily_products_payment_bucket_check" CHECK (payment_bucket IN ('refunded', 'failed', 'other'))
);
--> statement-breakpoint
CREATE TABLE "sales_rollup_days" (
	"day" date PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_rollup_dirty" (
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_daily_categories_day_idx" ON "sales_daily_categories" USING btree ("day");--> statement-breakpoint
CREATE INDEX "sales_daily_orders_day_idx" ON "sales_daily_orders" USING btree ("day");--> statement-breakpoint
CREATE INDEX "sales_daily_products_day_idx" ON "sales_daily_products" USING btree ("day");--> statement-breakpoint
CREATE INDEX "sales_daily_products_product_idx" ON "sales_daily_products" USING btree ("product_id");