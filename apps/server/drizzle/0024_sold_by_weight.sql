CREATE TABLE "counter_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"settled_by" text,
	"settler_name" text NOT NULL,
	"total_before" integer NOT NULL,
	"total_after" integer NOT NULL,
	"subtotal_after" integer NOT NULL,
	"discount_after" integer NOT NULL,
	"amount_difference" integer NOT NULL,
	"refund_id" uuid,
	"balance_cancelled" integer DEFAULT 0 NOT NULL,
	"balance_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_settlements_difference_check" CHECK ("counter_settlements"."amount_difference" < 0 AND "counter_settlements"."total_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weighing" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "price_per_kg" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "grams_per_pack" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pieces" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tolerance_percent" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weighed_grams" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weighed_price" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weighed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "counter_settlements" ADD CONSTRAINT "counter_settlements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_settlements" ADD CONSTRAINT "counter_settlements_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_settlements" ADD CONSTRAINT "counter_settlements_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_settlements" ADD CONSTRAINT "counter_settlements_balance_id_order_balances_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."order_balances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_settlements_order_idx" ON "counter_settlements" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_weighed_check" CHECK ("order_items"."weighed_grams" IS NULL OR "order_items"."weighed_grams" > 0);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_check" CHECK (reason IN ('missing_item', 'damaged_item', 'goodwill', 'order_cancelled', 'order_edited', 'order_weighed', 'other'));