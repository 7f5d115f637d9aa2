CREATE TABLE "trade_invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_invoice_reminders_invoice_id_day_pk" PRIMARY KEY("invoice_id","day")
);
--> statement-breakpoint
ALTER TABLE "trade_invoice_reminders" ADD CONSTRAINT "trade_invoice_reminders_invoice_id_trade_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."trade_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoice_reminders" ADD CONSTRAINT "trade_invoice_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;