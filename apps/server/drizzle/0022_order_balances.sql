CREATE TABLE "order_balances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"cancelled_amount" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"payment_id" uuid,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_balances_state_check" CHECK (state IN ('due', 'paid', 'collected', 'cancelled')),
	CONSTRAINT "order_balances_amount_check" CHECK ("order_balances"."amount" > 0 AND "order_balances"."cancelled_amount" BETWEEN 0 AND "order_balances"."amount")
);
--> statement-breakpoint
ALTER TABLE "order_pay_links" ADD COLUMN "balance_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "balance_id" uuid;--> statement-breakpoint
ALTER TABLE "order_edits" ADD COLUMN "balance_id" uuid;--> statement-breakpoint
ALTER TABLE "order_edits" ADD COLUMN "balance_cancelled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_balances" ADD CONSTRAINT "order_balances_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_balances_order_idx" ON "order_balances" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "order_pay_links" ADD CONSTRAINT "order_pay_links_balance_id_order_balances_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."order_balances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_balance_id_order_balances_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."order_balances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_edits" ADD CONSTRAINT "order_edits_balance_id_order_balances_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."order_balances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_balance_due_check" CHECK ("orders"."balance_due" >= 0);