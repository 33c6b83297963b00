// Random sequences (fixed seed) of checkouts, status changes, cancels, owner edits, deletions and
// re-creations, some of them at once, after which the shop's money and stock must still add up.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import {
  DELETE as deleteProductRoute,
  PUT as putProduct,
} from "@/app/api/admin/products/[id]/route";
import { GET as statsRoute } from "@/app/api/admin/stats/route";
import { ORDER_STATUSES, PENDING_STATUSES, type OrderStatus } from "@/lib/constants";
import { orderItems, orders, products } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { detachedWorkDone } from "@/lib/http";
import { rateLimitConfig, resetRateLimitConfig } from "@/lib/rate-limit";
import type { OrderDto } from "@/models/order";
import { productFormRequest } from "@/tests/support/admin-requests";
import { APP, readResponse } from "@/tests/support/auth-requests";
import { describeEachDatabase } from "@/tests/support/databases";
import { checkout, checkoutBody, createProduct, setOrderStatus } from "@/tests/support/shop";
import { createSignedInUser, type SignedIn } from "@/tests/support/users";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-ledger-"));

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  resetEnvCache();
  jest.spyOn(console, "info").mockImplementation(() => {});
  rateLimitConfig.checkout.address = { points: 100_000, windowSeconds: 60 };
  rateLimitConfig.checkout.email = { points: 100_000, windowSeconds: 60 };
});
afterAll(async () => {
  await detachedWorkDone();
  resetRateLimitConfig();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

jest.setTimeout(300_000);

function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describeEachDatabase("money and stock over random sequences", ({ db }) => {
  it.each([1, 2])(
    "seed %i: stock, cancels, totals, discount, dashboard and keys add up",
    async (seed) => {
      const random = mulberry32(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
      const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

      const admin = (await createSignedInUser(db(), { isAdmin: true })).token;
      const customers: SignedIn[] = [];
      for (let i = 0; i < 6; i++) {
        customers.push(
          await createSignedInUser(db(), {
            firstName: `C${i}`,
            registrationSource: i % 2 === 0 ? "instagram_bio" : null,
          }),
        );
      }

      type Shelf = {
        id: string;
        name: string;
        priceCents: number;
        base: number;
        baseRound: number;
      };
      const shelves = new Map<string, Shelf>();
      /** Units each product gained (+) or lost (−) since its base, by committed events. */
      const moved = new Map<string, number>();
      const orderUnits = new Map<string, { productId: string; quantity: number }[]>();
      const known: OrderDto[] = [];
      const keys = new Map<string, Set<string>>();
      let round = 0;

      const newShelf = async () => {
        const name = `Piece ${seed}-${shelves.size}-${int(0, 1e6)}`;
        const priceCents = pick([1005, 1015, 2450, 995, 3333, 125]);
        const quantity = int(0, 8);
        const made = await createProduct(db(), { name, priceCents, quantity });
        shelves.set(made.id, { id: made.id, name, priceCents, base: quantity, baseRound: round });
        moved.set(made.id, 0);
      };
      for (let i = 0; i < 4; i++) await newShelf();
      const deletedIds: string[] = [];

      const setStatus = (id: string, status: OrderStatus) =>
        setOrderStatus({ id, status, token: admin });

      const editForm = (shelf: Shelf, quantity: number, quantityWas?: number) =>
        putProduct(
          productFormRequest(`/api/admin/products/${shelf.id}`, {
            method: "PUT",
            token: admin,
            fields: {
              name: shelf.name,
              price: (shelf.priceCents / 100).toFixed(2),
              category: "rings",
              description: "",
              quantity: String(quantity),
              materials: "[]",
              ...(quantityWas === undefined ? {} : { quantityWas: String(quantityWas) }),
            },
          }),
          { params: Promise.resolve({ id: shelf.id }) },
        ).then(readResponse);

      const stockNow = async (id: string) =>
        (await db().select().from(products).where(eq(products.id, id)))[0]?.quantity;

      const check = async () => {
        for (const shelf of shelves.values()) {
          const quantity = await stockNow(shelf.id);
          expect({ round, product: shelf.name, quantity }).toEqual({
            round,
            product: shelf.name,
            quantity: shelf.base + moved.get(shelf.id)!,
          });
          expect(quantity).toBeGreaterThanOrEqual(0);
        }
        const rows = await db().select().from(orders);
        const items = await db().select().from(orderItems);
        for (const order of rows) {
          const lines = items.filter((item) => item.orderId === order.id);
          const subtotal = lines.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
          const discount = order.discountType ? Math.round(subtotal / 10) : 0;
          expect({
            subtotal: order.subtotalCents,
            fee: order.deliveryFeeCents,
            discount: order.discountCents,
            total: order.totalCents,
          }).toEqual({ subtotal, fee: 500, discount, total: subtotal + 500 - discount });
        }
        for (const customer of customers) {
          const own = rows.filter((order) => order.userId === customer.user.id);
          const discounted = own.filter((o) => o.discountCents > 0 && o.status !== "cancelled");
          expect(discounted.length).toBeLessThanOrEqual(1);
          if (customer.user.registrationSource !== "instagram_bio") {
            expect(own.filter((o) => o.discountCents > 0)).toEqual([]);
          }
        }
        for (const [slot, ids] of keys) {
          const [userId, key] = slot.split("|");
          const placed = rows.filter((o) => o.userId === userId && o.idempotencyKey === key);
          expect({ slot, answered: ids.size, placed: placed.length }).toEqual({
            slot,
            answered: 1,
            placed: 1,
          });
        }
        const stats = (
          await readResponse(
            await statsRoute(
              new Request(`${APP}/api/admin/stats`, {
                headers: { authorization: `Bearer ${admin}` },
              }),
            ),
          )
        ).body.stats;
        const delivered = rows.filter((o) => o.status === "delivered");
        expect(stats).toMatchObject({
          totalOrders: rows.length,
          pendingOrders: rows.filter((o) => PENDING_STATUSES.includes(o.status)).length,
          completedOrders: delivered.length,
          totalRevenue: delivered.reduce((sum, o) => sum + o.totalCents, 0) / 100,
        });
      };

      for (round = 1; round <= 30; round++) {
        // Between rounds, one at a time: the owner deletes, re-creates or sets a stock outright.
        const between = random();
        const live = [...shelves.values()];
        if (between < 0.1 && live.length > 1) {
          const gone = pick(live);
          expect(
            (
              await deleteProductRoute(
                new Request(`${APP}/api/admin/products/${gone.id}`, {
                  method: "DELETE",
                  headers: { authorization: `Bearer ${admin}` },
                }),
                { params: Promise.resolve({ id: gone.id }) },
              )
            ).status,
          ).toBe(200);
          shelves.delete(gone.id);
          deletedIds.push(gone.id);
        } else if (between < 0.2) {
          await newShelf();
        } else if (between < 0.3 && live.length) {
          const shelf = pick(live);
          const quantity = int(0, 9);
          const answer = await editForm(shelf, quantity);
          expect(answer.status).toBe(200);
          shelf.base = quantity;
          shelf.baseRound = round;
          moved.set(shelf.id, 0);
        }

        const open = known.filter((o) => o.status !== "cancelled");
        const before = new Map<string, number>();
        for (const shelf of shelves.values()) before.set(shelf.id, (await stockNow(shelf.id))!);
        const ops: (() => Promise<void>)[] = [];
        const count = int(2, 12);
        for (let i = 0; i < count; i++) {
          const kind = random();
          if (kind < 0.5) {
            const customer = pick(customers);
            const ids = [...shelves.keys(), ...deletedIds.slice(-1)];
            const lines = Array.from({ length: int(1, 3) }, () => ({
              productId: pick(ids),
              quantity: int(1, 3),
            }));
            const key = random() < 0.4 ? `k-${seed}-${round}-${i}` : undefined;
            const copies = key && random() < 0.5 ? 2 : 1;
            for (let c = 0; c < copies; c++) {
              ops.push(async () => {
                const answer = await checkout({
                  token: customer.token,
                  body: checkoutBody(lines),
                  idempotencyKey: key,
                });
                expect([200, 201, 409]).toContain(answer.status);
                if (answer.status === 409) return;
                const order = answer.body.order as OrderDto;
                if (key) {
                  const slot = `${customer.user.id}|${key}`;
                  keys.set(slot, new Set([...(keys.get(slot) ?? []), order._id]));
                }
                if (answer.status !== 201) return;
                known.push(order);
                const units = order.items.map((item) => ({
                  productId: item.productId!,
                  quantity: item.quantity,
                }));
                orderUnits.set(order._id, units);
                for (const unit of units) {
                  moved.set(unit.productId, moved.get(unit.productId)! - unit.quantity);
                }
              });
            }
          } else if (kind < 0.85 && open.length) {
            const order = pick(open);
            const status = random() < 0.4 ? "cancelled" : pick(ORDER_STATUSES);
            ops.push(async () => {
              const answer = await setStatus(order._id, status);
              expect([200, 409]).toContain(answer.status);
              if (answer.status !== 200) return;
              order.status = status;
              if (status !== "cancelled") return;
              for (const unit of orderUnits.get(order._id)!) {
                if (shelves.has(unit.productId)) {
                  moved.set(unit.productId, moved.get(unit.productId)! + unit.quantity);
                }
              }
            });
          } else if (shelves.size > 2 && random() < 0.3) {
            // The owner deletes a piece while orders and cancels run.
            const gone = pick([...shelves.values()]);
            ops.push(async () => {
              const answer = await deleteProductRoute(
                new Request(`${APP}/api/admin/products/${gone.id}`, {
                  method: "DELETE",
                  headers: { authorization: `Bearer ${admin}` },
                }),
                { params: Promise.resolve({ id: gone.id }) },
              );
              expect([200, 404]).toContain(answer.status);
              shelves.delete(gone.id);
              if (!deletedIds.includes(gone.id)) deletedIds.push(gone.id);
            });
          } else if (shelves.size) {
            // The owner saves a form opened at the round's start, its stock left as it was, maybe
            // with a new price.
            const shelf = pick([...shelves.values()]);
            const was = before.get(shelf.id)!;
            if (random() < 0.5) shelf.priceCents = pick([1005, 1015, 2450, 995, 3333, 125]);
            ops.push(async () => {
              const answer = await editForm(shelf, was, was);
              expect([200, 404]).toContain(answer.status);
            });
          }
        }
        await Promise.all(ops.map((op) => op()));
        for (const order of known) {
          const [row] = await db().select().from(orders).where(eq(orders.id, order._id));
          expect(row!.status).toBe(order.status === "cancelled" ? "cancelled" : row!.status);
          order.status = row!.status;
        }
        await check();
      }
    },
  );
});
