CREATE TABLE "trade_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_name" text NOT NULL,
	"tin" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"weekly_volume" text NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"decline_reason" text,
	"tier_id" text,
	"applied_by" text NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_accounts_status_check" CHECK (status IN ('applied', 'approved', 'declined', 'suspended')),
	CONSTRAINT "trade_accounts_weekly_volume_check" CHECK (weekly_volume IN ('under_500k', '500k_2m', '2m_10m', 'over_10m')),
	CONSTRAINT "trade_accounts_lat_check" CHECK ("trade_accounts"."lat" BETWEEN -90 AND 90 AND "trade_accounts"."lng" BETWEEN -180 AND 180),
	CONSTRAINT "trade_accounts_approved_tier_check" CHECK ("trade_accounts"."status" <> 'approved' OR "trade_accounts"."tier_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "trade_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"approval_limit" integer,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "trade_invitations_role_check" CHECK ("trade_invitations"."role" IN ('buyer', 'approver'))
);
--> statement-breakpoint
CREATE TABLE "trade_members" (
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"approval_limit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_members_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "trade_members_role_check" CHECK (role IN ('owner', 'buyer', 'approver')),
	CONSTRAINT "trade_members_limit_check" CHECK ("trade_members"."approval_limit" IS NULL OR "trade_members"."approval_limit" > 0)
);
--> statement-breakpoint
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
CREATE TABLE "trade_tiers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_tiers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trade_account_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_tier_id_trade_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."trade_tiers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invitations" ADD CONSTRAINT "trade_invitations_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invitations" ADD CONSTRAINT "trade_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_members" ADD CONSTRAINT "trade_members_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_members" ADD CONSTRAINT "trade_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_prices" ADD CONSTRAINT "trade_prices_tier_id_trade_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."trade_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_prices" ADD CONSTRAINT "trade_prices_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_prices" ADD CONSTRAINT "trade_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_accounts_status_idx" ON "trade_accounts" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "trade_invitations_account_email_idx" ON "trade_invitations" USING btree ("account_id","email");--> statement-breakpoint
CREATE INDEX "trade_members_account_idx" ON "trade_members" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_members_one_owner_idx" ON "trade_members" USING btree ("account_id") WHERE "trade_members"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "trade_prices_tier_idx" ON "trade_prices" USING btree ("tier_id","product_id") WHERE "trade_prices"."tier_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "trade_prices_account_idx" ON "trade_prices" USING btree ("account_id","product_id") WHERE "trade_prices"."account_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_trade_account_id_trade_accounts_id_fk" FOREIGN KEY ("trade_account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_trade_account_created_idx" ON "orders" USING btree ("trade_account_id","created_at" DESC NULLS FIRST) WHERE "orders"."trade_account_id" IS NOT NULL;--> statement-breakpoint
-- Hand-written (not generated): the tiers every shop starts with; an approved account needs one.
INSERT INTO "trade_tiers" ("id", "name") VALUES ('restaurant', 'Restaurant'), ('hotel', 'Hotel'), ('retailer', 'Retailer')
ON CONFLICT DO NOTHING;
