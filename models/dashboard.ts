// The admin dashboard's answer (GET /api/admin/stats), read by the panel and built by lib/dashboard.
import type { OrderDto } from "@/models/order";

export type DashboardDto = {
  stats: {
    totalProducts: number;
    totalOrders: number;
    /** pending + confirmed + preparing + out_for_delivery */
    pendingOrders: number;
    /** delivered */
    completedOrders: number;
    /** Dollars: the sum of delivered orders' totals. */
    totalRevenue: number;
  };
  recentOrders: OrderDto[];
  /** In stock (above 0) at or below LOW_STOCK_THRESHOLD, fewest first. */
  lowStockProducts: { _id: string; id: string; name: string; price: number; quantity: number }[];
};
