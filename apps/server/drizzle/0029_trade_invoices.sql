CREATE TABLE "trade_invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
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
ALTER TABLE "trade_invoices" ADD CONSTRAINT "trade_invoices_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoices" ADD CONSTRAINT "trade_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_invoices_account_idx" ON "trade_invoices" USING btree ("account_id","issued_at");