CREATE TABLE "trade_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tier_id" text,
	"account_id" uuid,
	"product_id" uuid NOT NULL,
	"fixed_price" integer,
	"percent_off" integer,
	"valid_from" date,
	"valid_to" date,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"case_size" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_prices_owner_check" CHECK (("trade_prices"."tier_id" IS NULL) <> ("trade_prices"."account_id" IS NULL)),
	CONSTRAINT "trade_prices_price_check" CHECK (("trade_prices"."fixed_price" IS NULL) <> ("trade_prices"."percent_off" IS NULL)),
	CONSTRAINT "trade_prices_fixed_check" CHECK ("trade_prices"."fixed_price" IS NULL OR "trade_prices"."fixed_price" > 0),
	CONSTRAINT "trade_prices_percent_check" CHECK ("trade_prices"."percent_off" IS NULL OR "trade_prices"."percent_off" BETWEEN 1 AND 90),
	CONSTRAINT "trade_prices_dates_check" CHECK ("trade_prices"."valid_from" IS NULL OR "trade_prices"."valid_to" IS NULL OR "trade_prices"."valid_from" <= "trade_prices"."valid_to"),
	CONSTRAINT "trade_prices_quantity_check" CHECK ("trade_prices"."min_quantity" >= 1 AND "trade_prices"."case_size" >= 1)
);
--> statement-breakpoint
ALTER TABLE "trade_prices" ADD CONSTRAINT "trade_prices_tier_id_trade_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."trade_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_prices" ADD CONSTRAINT "trade_prices_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_prices" ADD CONSTRAINT "trade_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_prices_tier_idx" ON "trade_prices" USING btree ("tier_id","product_id") WHERE "trade_prices"."tier_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "trade_prices_account_idx" ON "trade_prices" USING btree ("account_id","product_id") WHERE "trade_prices"."account_id" IS NOT NULL;