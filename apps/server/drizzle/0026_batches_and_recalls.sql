CREATE TABLE "recalls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"lot_number" text,
	"produced_from" date,
	"produced_to" date,
	"reason" text NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_units" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outlet_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"lot_number" text,
	"production_date" date,
	"use_by" date,
	"quantity" integer DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"source_batch_id" uuid,
	"removed_at" timestamp with time zone,
	"written_off" integer,
	"write_off_reason" text,
	"written_off_at" timestamp with time zone,
	"written_off_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_batches_quantity_check" CHECK ("stock_batches"."quantity" >= 0),
	CONSTRAINT "stock_batches_status_check" CHECK (status IN ('live', 'expired', 'stopped', 'written_off'))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_check";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_source_batch_id_stock_batches_id_fk" FOREIGN KEY ("source_batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_written_off_by_users_id_fk" FOREIGN KEY ("written_off_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recalls_created_idx" ON "recalls" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_batches_outlet_product_idx" ON "stock_batches" USING btree ("outlet_id","product_id","status");--> statement-breakpoint
CREATE INDEX "stock_batches_lot_idx" ON "stock_batches" USING btree ("product_id","lot_number");--> statement-breakpoint
CREATE INDEX "stock_batches_status_idx" ON "stock_batches" USING btree ("status","use_by");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_batches_one_unknown_idx" ON "stock_batches" USING btree ("outlet_id","product_id") WHERE "stock_batches"."lot_number" IS NULL AND "stock_batches"."status" = 'live';--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_batch_order_idx" ON "stock_movements" USING btree ("batch_id","order_id") WHERE "stock_movements"."batch_id" is not null;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_check" CHECK (kind IN ('opening', 'order', 'cancel', 'return', 'adjustment', 'count', 'delivery', 'transfer_in', 'transfer_out', 'catalogue', 'expiry', 'recall'));--> statement-breakpoint
-- Stock from before batches: one "unknown batch" per outlet and product holding the outlet's whole
-- figure, and every earlier ledger row of that outlet and product names it, so each figure still
-- equals its ledger and each batch's quantity equals the sum of its rows.
INSERT INTO "stock_batches" ("outlet_id", "product_id", "quantity", "received", "created_at")
SELECT op."outlet_id", op."product_id", op."stock", op."stock", op."created_at"
FROM "outlet_products" op
WHERE op."stock" > 0
   OR EXISTS (SELECT 1 FROM "stock_movements" m WHERE m."outlet_id" = op."outlet_id" AND m."product_id" = op."product_id");--> statement-breakpoint
INSERT INTO "stock_batches" ("outlet_id", "product_id", "quantity", "received")
SELECT DISTINCT m."outlet_id", m."product_id", 0, 0
FROM "stock_movements" m
WHERE m."outlet_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "stock_batches" b WHERE b."outlet_id" = m."outlet_id" AND b."product_id" = m."product_id");--> statement-breakpoint
UPDATE "stock_movements" m SET "batch_id" = b."id"
FROM "stock_batches" b
WHERE b."outlet_id" = m."outlet_id" AND b."product_id" = m."product_id" AND m."outlet_id" IS NOT NULL;
