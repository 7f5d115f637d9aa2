ALTER TABLE "stock_movements" ADD COLUMN "kind" text DEFAULT 'adjustment' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_outlet_product_idx" ON "stock_movements" USING btree ("outlet_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id") WHERE "stock_movements"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_check" CHECK (kind IN ('opening', 'order', 'cancel', 'return', 'adjustment', 'count', 'delivery', 'transfer_in', 'transfer_out', 'catalogue'));--> statement-breakpoint
-- Stock lives at outlets from here on (docs/decisions/191-outlet-stock-is-the-truth.md).
-- The manual changes of the old company-wide figure stay as read-only history.
UPDATE "stock_movements" SET "kind" = 'catalogue' WHERE "outlet_id" IS NULL;
--> statement-breakpoint
-- A shop with stock but no outlet at all gets one to hold it, so no unit is lost.
INSERT INTO "outlets" ("name", "phone", "opening_hours", "manager_name")
SELECT 'Main outlet', '', '', ''
WHERE NOT EXISTS (SELECT 1 FROM "outlets") AND EXISTS (SELECT 1 FROM "products" WHERE "stock" > 0);
--> statement-breakpoint
-- The main outlet: the first active outlet by creation (else the first outlet). The company-wide
-- figure of every product moves there.
CREATE TEMP TABLE "main_outlet" AS
SELECT "id" FROM "outlets" ORDER BY "is_active" DESC, "created_at", "id" LIMIT 1;
--> statement-breakpoint
INSERT INTO "outlet_products" ("outlet_id", "product_id", "outlet_price", "stock")
SELECT m."id", p."id", p."price", 0 FROM "products" p CROSS JOIN "main_outlet" m
WHERE p."stock" > 0
ON CONFLICT ("outlet_id", "product_id") DO NOTHING;
--> statement-breakpoint
-- Opening rows: each outlet's recorded figure minus what its ledger already holds, so from now on
-- every figure equals the sum of its ledger.
INSERT INTO "stock_movements" ("product_id", "outlet_id", "delta", "stock_after", "kind", "reason")
SELECT op."product_id", op."outlet_id", op."stock" - coalesce(l."total", 0), op."stock", 'opening', 'Opening balance of the outlet'
FROM "outlet_products" op
LEFT JOIN (SELECT "outlet_id", "product_id", sum("delta") AS "total" FROM "stock_movements" WHERE "outlet_id" IS NOT NULL GROUP BY 1, 2) l
  ON l."outlet_id" = op."outlet_id" AND l."product_id" = op."product_id"
WHERE op."stock" <> coalesce(l."total", 0);
--> statement-breakpoint
INSERT INTO "stock_movements" ("product_id", "outlet_id", "delta", "stock_after", "kind", "reason")
SELECT p."id", m."id", p."stock", op."stock" + p."stock", 'opening', 'Company-wide stock moved to the main outlet'
FROM "products" p CROSS JOIN "main_outlet" m
JOIN "outlet_products" op ON op."outlet_id" = m."id" AND op."product_id" = p."id"
WHERE p."stock" > 0;
--> statement-breakpoint
UPDATE "outlet_products" op SET "stock" = op."stock" + p."stock"
FROM "products" p, "main_outlet" m
WHERE op."outlet_id" = m."id" AND op."product_id" = p."id" AND p."stock" > 0;
--> statement-breakpoint
DROP TABLE "main_outlet";
--> statement-breakpoint
-- products.stock is now derived: what the active outlets hold of the product where they offer it.
-- It is kept in the same transaction by the triggers below, so the storefront's filters, sorts and
-- indexes read one column, and the catalog cache's change counter still sees every stock change.
CREATE FUNCTION outlet_stock_counted(outlet uuid, available boolean, stock integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN available AND coalesce((SELECT "is_active" FROM "outlets" WHERE "id" = outlet), false) THEN stock ELSE 0 END
$$;
--> statement-breakpoint
CREATE FUNCTION outlet_products_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d integer := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    d := d - outlet_stock_counted(OLD.outlet_id, OLD.is_available, OLD.stock);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    d := d + outlet_stock_counted(NEW.outlet_id, NEW.is_available, NEW.stock);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.product_id <> NEW.product_id THEN
    RAISE EXCEPTION 'an outlet stock row cannot move to another product';
  END IF;
  IF d <> 0 THEN
    UPDATE "products" SET "stock" = "stock" + d WHERE "id" = coalesce(NEW.product_id, OLD.product_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER outlet_products_stock AFTER INSERT OR DELETE OR UPDATE OF "stock", "is_available", "outlet_id", "product_id" ON "outlet_products"
  FOR EACH ROW EXECUTE FUNCTION outlet_products_stock_changed();
--> statement-breakpoint
-- An outlet opening or closing adds or removes what it holds; one being deleted removes it first
-- (its rows then go by cascade, when the outlet no longer counts).
CREATE FUNCTION outlets_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT OLD.is_active THEN RETURN OLD; END IF;
    sign := -1;
  ELSIF NEW.is_active = OLD.is_active THEN
    RETURN NEW;
  ELSE
    sign := CASE WHEN NEW.is_active THEN 1 ELSE -1 END;
  END IF;
  UPDATE "products" p SET "stock" = p."stock" + sign * s."total"
  FROM (SELECT "product_id", sum("stock") AS "total" FROM "outlet_products"
        WHERE "outlet_id" = OLD.id AND "is_available" GROUP BY 1 ORDER BY 1) s
  WHERE p."id" = s."product_id" AND s."total" <> 0;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER outlets_stock_active BEFORE UPDATE OF "is_active" ON "outlets" FOR EACH ROW EXECUTE FUNCTION outlets_stock_changed();
--> statement-breakpoint
CREATE TRIGGER outlets_stock_delete BEFORE DELETE ON "outlets" FOR EACH ROW EXECUTE FUNCTION outlets_stock_changed();
--> statement-breakpoint
-- From the outlets, now that the units are there.
UPDATE "products" p SET "stock" = coalesce((
  SELECT sum(op."stock") FROM "outlet_products" op JOIN "outlets" o ON o."id" = op."outlet_id"
  WHERE op."product_id" = p."id" AND op."is_available" AND o."is_active"), 0)
WHERE p."stock" IS DISTINCT FROM coalesce((
  SELECT sum(op."stock") FROM "outlet_products" op JOIN "outlets" o ON o."id" = op."outlet_id"
  WHERE op."product_id" = p."id" AND op."is_available" AND o."is_active"), 0);
--> statement-breakpoint
-- Nothing but the triggers above writes products.stock: a direct write would make a second truth.
CREATE FUNCTION products_stock_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() = 1 AND ((TG_OP = 'INSERT' AND NEW.stock <> 0) OR (TG_OP = 'UPDATE' AND NEW.stock IS DISTINCT FROM OLD.stock)) THEN
    RAISE EXCEPTION 'products.stock is the sum of the outlets'' stock: change outlet_products instead'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_stock_guard BEFORE INSERT OR UPDATE OF "stock" ON "products" FOR EACH ROW EXECUTE FUNCTION products_stock_guard();
