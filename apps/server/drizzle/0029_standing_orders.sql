CREATE TABLE "standing_order_overrides" (
	"standing_order_id" uuid NOT NULL,
	"delivery_date" date NOT NULL,
	"skipped" boolean DEFAULT false NOT NULL,
	"lines" jsonb,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_order_overrides_standing_order_id_delivery_date_pk" PRIMARY KEY("standing_order_id","delivery_date"),
	CONSTRAINT "standing_order_overrides_kind_check" CHECK ("standing_order_overrides"."skipped" OR "standing_order_overrides"."lines" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "standing_order_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"standing_order_id" uuid NOT NULL,
	"delivery_date" date NOT NULL,
	"status" text DEFAULT 'placing' NOT NULL,
	"order_id" uuid,
	"failure" text,
	"reduced" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "standing_order_runs_status_check" CHECK (status IN ('placing', 'placed', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"lines" jsonb NOT NULL,
	"weekdays" integer[] NOT NULL,
	"slot_start" text NOT NULL,
	"payment_method" text DEFAULT 'cash_on_delivery' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_orders_status_check" CHECK (status IN ('active', 'paused')),
	CONSTRAINT "standing_orders_slot_check" CHECK ("standing_orders"."slot_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "standing_orders_weekdays_check" CHECK (cardinality("standing_orders"."weekdays") BETWEEN 1 AND 7)
);
--> statement-breakpoint
ALTER TABLE "standing_order_overrides" ADD CONSTRAINT "standing_order_overrides_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_overrides" ADD CONSTRAINT "standing_order_overrides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standing_order_runs_once_idx" ON "standing_order_runs" USING btree ("standing_order_id","delivery_date");--> statement-breakpoint
CREATE INDEX "standing_order_runs_created_idx" ON "standing_order_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "standing_orders_account_idx" ON "standing_orders" USING btree ("account_id");