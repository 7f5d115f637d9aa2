CREATE TABLE "rider_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"rider_id" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy" double precision,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rider_positions_coords_check" CHECK ("rider_positions"."latitude" BETWEEN -90 AND 90 AND "rider_positions"."longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
ALTER TABLE "delivery_riders" ADD COLUMN "last_latitude" double precision;--> statement-breakpoint
ALTER TABLE "delivery_riders" ADD COLUMN "last_longitude" double precision;--> statement-breakpoint
ALTER TABLE "delivery_riders" ADD COLUMN "last_located_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rider_positions" ADD CONSTRAINT "rider_positions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_positions" ADD CONSTRAINT "rider_positions_rider_id_delivery_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."delivery_riders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rider_positions_order_recorded_idx" ON "rider_positions" USING btree ("order_id","recorded_at" DESC NULLS LAST);