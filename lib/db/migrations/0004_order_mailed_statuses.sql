ALTER TABLE "orders" ADD COLUMN "mailed_statuses" "order_status"[] DEFAULT '{}'::order_status[] NOT NULL;--> statement-breakpoint
-- An order already at a status the customer is mailed about was mailed about it.
UPDATE "orders" SET "mailed_statuses" = ARRAY["status"] WHERE "status" IN ('out_for_delivery', 'delivered', 'cancelled');
