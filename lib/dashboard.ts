import "server-only";
import { and, asc, count, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { PENDING_STATUSES } from "@/lib/constants";
import { getDb } from "@/lib/db";
import { orders, products } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { centsToDollars } from "@/lib/format";
import { findOrders } from "@/lib/orders";
import type { DashboardDto } from "@/models/dashboard";

export const RECENT_ORDERS = 5;
const LOW_STOCK_LISTED = 50;

/** The admin dashboard's figures, with the definitions of the shop's design. */
export async function getDashboard(): Promise<DashboardDto> {
  const db = await getDb();
  const threshold = env().LOW_STOCK_THRESHOLD;
  const [orderFigures, [productFigures], recentOrders, lowStock] = await Promise.all([
    db
      .select({
        totalOrders: count(),
        pendingOrders:
          sql<number>`count(*) filter (where ${inArray(orders.status, [...PENDING_STATUSES])})`.mapWith(
            Number,
          ),
        completedOrders:
          sql<number>`count(*) filter (where ${eq(orders.status, "delivered")})`.mapWith(Number),
        revenueCents:
          sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${eq(orders.status, "delivered")}), 0)`.mapWith(
            Number,
          ),
      })
      .from(orders),
    db.select({ totalProducts: count() }).from(products),
    findOrders({ limit: RECENT_ORDERS, withCustomer: true, db }),
    db
      .select({
        id: products.id,
        name: products.name,
        priceCents: products.priceCents,
        quantity: products.quantity,
      })
      .from(products)
      .where(and(gt(products.quantity, 0), lte(products.quantity, threshold)))
      .orderBy(asc(products.quantity), asc(products.name))
      .limit(LOW_STOCK_LISTED),
  ]);
  const figures = orderFigures[0]!;
  return {
    stats: {
      totalProducts: productFigures!.totalProducts,
      totalOrders: figures.totalOrders,
      pendingOrders: figures.pendingOrders,
      completedOrders: figures.completedOrders,
      totalRevenue: centsToDollars(figures.revenueCents),
    },
    recentOrders,
    lowStockProducts: lowStock.map((product) => ({
      _id: product.id,
      id: product.id,
      name: product.name,
      price: centsToDollars(product.priceCents),
      quantity: product.quantity,
    })),
  };
}
