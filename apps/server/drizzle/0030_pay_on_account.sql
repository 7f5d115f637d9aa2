CREATE TABLE "trade_invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_invoice_reminders_invoice_id_day_pk" PRIMARY KEY("invoice_id","day")
);
--> statement-breakpoint
CREATE TABLE "trade_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"business_name" text NOT NULL,
	"tin" text NOT NULL,
	"address" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"delivery_fee" integer NOT NULL,
	"total" integer NOT NULL,
	"vat_rate_percent" numeric(5, 2) NOT NULL,
	"vat_amount" integer NOT NULL,
	"terms_days" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "trade_invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "trade_invoices_total_check" CHECK ("trade_invoices"."total" >= 0 AND "trade_invoices"."vat_amount" >= 0 AND "trade_invoices"."vat_amount" <= "trade_invoices"."total"),
	CONSTRAINT "trade_invoices_due_check" CHECK ("trade_invoices"."due_at" >= "trade_invoices"."issued_at")
);
--> statement-breakpoint
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
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_check";--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD COLUMN "terms_days" integer;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD COLUMN "credit_limit" integer;--> statement-breakpoint
ALTER TABLE "trade_invoice_reminders" ADD CONSTRAINT "trade_invoice_reminders_invoice_id_trade_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."trade_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoice_reminders" ADD CONSTRAINT "trade_invoice_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoices" ADD CONSTRAINT "trade_invoices_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoices" ADD CONSTRAINT "trade_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_payment_allocations" ADD CONSTRAINT "trade_payment_allocations_payment_id_trade_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."trade_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_payment_allocations" ADD CONSTRAINT "trade_payment_allocations_invoice_id_trade_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."trade_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_payments" ADD CONSTRAINT "trade_payments_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_payments" ADD CONSTRAINT "trade_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_invoices_account_idx" ON "trade_invoices" USING btree ("account_id","issued_at");--> statement-breakpoint
CREATE INDEX "trade_payment_allocations_invoice_idx" ON "trade_payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "trade_payments_account_idx" ON "trade_payments" USING btree ("account_id","received_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK (payment_status IN ('pending', 'paid', 'failed', 'partially_refunded', 'refunded', 'on_account'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK (payment_method IN ('mtn_money', 'airtel_money', 'card', 'cash_on_delivery', 'on_account'));--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_terms_check" CHECK ("trade_accounts"."terms_days" IS NULL OR "trade_accounts"."terms_days" IN (7, 14, 30));--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_credit_check" CHECK (("trade_accounts"."terms_days" IS NULL) = ("trade_accounts"."credit_limit" IS NULL) AND ("trade_accounts"."credit_limit" IS NULL OR "trade_accounts"."credit_limit" > 0));