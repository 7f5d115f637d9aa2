CREATE TABLE "trade_payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "trade_payment_allocations_amount_check" CHECK ("trade_payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "trade_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_payments_method_check" CHECK (method IN ('bank', 'mobile_money', 'cash')),
	CONSTRAINT "trade_payments_amount_check" CHECK ("trade_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "trade_payment_allocations" ADD CONSTRAINT "trade_payment_allocations_payment_id_trade_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."trade_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_payment_allocations" ADD CONSTRAINT "trade_payment_allocations_invoice_id_trade_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."trade_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_payments" ADD CONSTRAINT "trade_payments_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_payments" ADD CONSTRAINT "trade_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_payment_allocations_invoice_idx" ON "trade_payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "trade_payments_account_idx" ON "trade_payments" USING btree ("account_id","received_at");