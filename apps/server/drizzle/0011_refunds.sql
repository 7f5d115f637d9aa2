CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"requested_by" text,
	"method" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"provider" text,
	"provider_reference" text,
	"provider_message" text,
	"provider_responses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outlet_id" uuid,
	"reduces_collection" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_reason_check" CHECK (reason IN ('missing_item', 'damaged_item', 'goodwill', 'order_cancelled', 'other')),
	CONSTRAINT "refunds_method_check" CHECK (method IN ('mobile_money', 'card', 'cash')),
	CONSTRAINT "refunds_state_check" CHECK (state IN ('requested', 'sent', 'completed', 'failed')),
	CONSTRAINT "refunds_collection_check" CHECK (NOT "refunds"."reduces_collection" OR "refunds"."method" = 'cash')
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "payment_simulator_transactions" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_simulator_transactions" ADD COLUMN "refund_remarks" text;--> statement-breakpoint
ALTER TABLE "payment_simulator_transactions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_state_created_idx" ON "refunds" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK (payment_status IN ('pending', 'paid', 'failed', 'partially_refunded', 'refunded'));--> statement-breakpoint
ALTER TABLE "payment_simulator_transactions" ADD CONSTRAINT "payment_simulator_refund_check" CHECK ("payment_simulator_transactions"."refunded_amount" >= 0 AND "payment_simulator_transactions"."refunded_amount" <= "payment_simulator_transactions"."amount");