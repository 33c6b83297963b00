"use client";

import { Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { DialogFrame } from "@/components/ui/dialog-frame";
import { useAdminProducts, useAfterAdminWrite } from "@/components/admin/admin-data";
import {
  Card,
  EmptyState,
  ListSearch,
  SectionTitle,
  dangerButton,
  inkButton,
  outlineButton,
} from "@/components/admin/admin-ui";
import { ProductFormDialog } from "@/components/admin/product-form-dialog";
import { ProductImage } from "@/components/images/product-image";
import { Skeleton } from "@/components/ui/skeleton";
import { callApi } from "@/lib/api-client";
import { dollarsToCents, formatPrice } from "@/lib/format";
import { messages } from "@/lib/messages";
import { findAdminProducts } from "@/lib/search";
import type { ProductDto } from "@/models/product";

const t = messages.admin;

type Editing = { mode: "create" } | { mode: "edit"; product: ProductDto } | null;

export function ProductsTab() {
  const { data } = useAdminProducts();
  const refresh = useAfterAdminWrite();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ProductDto | null>(null);
  const [query, setQuery] = useState("");
  const found = useMemo(() => findAdminProducts(data?.products ?? [], query), [data, query]);
  // Focus was on the deleted row's Delete button, which leaves with the row: it goes to Add New
  // Product rather than back to the page's start.
  const addButton = useRef<HTMLButtonElement>(null);
  const refocusAfterDelete = useRef(false);
  useEffect(() => {
    if (!refocusAfterDelete.current) return;
    refocusAfterDelete.current = false;
    if (document.activeElement === document.body) addButton.current?.focus();
  }, [data]);
  // Closes the form that was saved: its answer may come after the owner closed it and opened
  // another, which stays open with what it holds.
  const closeEditing = async (saved: Editing) => {
    setEditing((shown) => (shown === saved ? null : shown));
    await refresh();
  };

  return (
    <div>
      <SectionTitle
        action={
          <button
            ref={addButton}
            type="button"
            className={inkButton}
            onClick={() => setEditing({ mode: "create" })}
          >
            <Plus aria-hidden className="size-4" />
            {t.addNewProduct}
          </button>
        }
      >
        {t.productManagement}
      </SectionTitle>

      <ListSearch
        label={t.findProduct}
        hint={t.findProductHint}
        value={query}
        onChange={setQuery}
      />
      {!data ? (
        <div aria-busy="true" aria-label={t.loading} className="space-y-3">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-20 rounded-2xl" />
          ))}
        </div>
      ) : data.products.length === 0 ? (
        <EmptyState>{t.noProducts}</EmptyState>
      ) : found.length === 0 ? (
        <EmptyState>{t.noProductsMatch(query.trim())}</EmptyState>
      ) : (
        <ProductList
          products={found}
          onEdit={(product) => setEditing({ mode: "edit", product })}
          onDelete={setDeleting}
        />
      )}

      {editing && (
        <ProductFormDialog
          key={editing.mode === "edit" ? editing.product.id : "new"}
          product={editing.mode === "edit" ? editing.product : null}
          onClose={() => setEditing(null)}
          onSaved={() => closeEditing(editing)}
          onGone={() => closeEditing(editing)}
        />
      )}
      <DeleteProductDialog
        // Each question keeps its own pending state: a delete answered late neither holds the
        // next question's button nor closes it.
        key={deleting?.id}
        product={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={async (deleted) => {
          setDeleting((shown) => (shown?.id === deleted.id ? null : shown));
          refocusAfterDelete.current = true;
          await refresh();
        }}
      />
    </div>
  );
}

function ProductList({
  products,
  onEdit,
  onDelete,
}: {
  products: readonly ProductDto[];
  onEdit: (product: ProductDto) => void;
  onDelete: (product: ProductDto) => void;
}) {
  return (
    <Card className="overflow-hidden">
      {/* Columns only from a laptop's width: on a tablet held upright their fixed widths left
          the product's name no room at all. */}
      <div
        aria-hidden
        className="border-line text-muted hidden grid-cols-[3.5rem_1fr_8rem_6rem_5rem_7.5rem_10rem] items-center gap-4 border-b px-5 py-3 text-xs font-semibold tracking-wide uppercase lg:grid"
      >
        <span />
        <span>{t.productColumn}</span>
        <span>{t.categoryColumn}</span>
        <span className="text-end">{t.priceColumn}</span>
        <span className="text-end">{t.stockColumn}</span>
        <span>{t.statusColumn}</span>
        <span className="text-end">{t.actionsColumn}</span>
      </div>
      <ul className="divide-line divide-y">
        {products.map((product) => (
          <li
            key={product.id}
            className="grid grid-cols-[3.5rem_1fr_auto] items-center gap-x-3 gap-y-2 px-3 py-3 sm:px-5 lg:grid-cols-[3.5rem_1fr_8rem_6rem_5rem_7.5rem_10rem] lg:gap-4"
          >
            <Thumbnail product={product} />
            <div className="min-w-0">
              {/* Two lines: similar pieces differ at the end of their names. */}
              <p dir="auto" className="text-ink line-clamp-2 text-[15px] font-medium wrap-anywhere">
                {product.name}
              </p>
              <p className="text-muted text-[13px] capitalize lg:hidden">
                {product.category} · {formatPrice(dollarsToCents(product.price))} ·{" "}
                {t.stockCount(product.quantity)}
              </p>
            </div>
            <span className="text-muted hidden text-sm capitalize lg:block">
              {product.category}
            </span>
            <span className="text-ink hidden text-end text-sm tabular-nums lg:block">
              {formatPrice(dollarsToCents(product.price))}
            </span>
            <span className="text-ink hidden text-end text-sm tabular-nums lg:block">
              {product.quantity}
            </span>
            <StockBadge inStock={product.quantity > 0} />
            <div className="col-span-2 col-start-2 flex justify-end gap-2 lg:col-span-1 lg:col-start-auto">
              <button
                type="button"
                className={`${outlineButton} h-9 px-3`}
                aria-label={t.editProduct(product.name)}
                onClick={() => onEdit(product)}
              >
                <Pencil aria-hidden className="size-4" />
                {t.edit}
              </button>
              <button
                type="button"
                className={`${outlineButton} h-9 px-3 hover:border-red-300 hover:text-red-700`}
                aria-label={t.deleteProduct(product.name)}
                onClick={() => onDelete(product)}
              >
                <Trash2 aria-hidden className="size-4" />
                {t.delete}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Thumbnail({ product }: { product: ProductDto }) {
  const src = product.images[0];
  return (
    <div className="bg-sand relative size-14 overflow-hidden rounded-lg">
      {src && <ProductImage src={src} alt="" sizes="56px" />}
    </div>
  );
}

function StockBadge({ inStock }: { inStock: boolean }) {
  return (
    <span
      className={
        inStock
          ? "justify-self-end rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800 ring-1 ring-emerald-200 ring-inset lg:justify-self-start"
          : "justify-self-end rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-red-800 ring-1 ring-red-200 ring-inset lg:justify-self-start"
      }
    >
      {inStock ? t.inStock : t.outOfStock}
    </span>
  );
}

function DeleteProductDialog({
  product,
  onClose,
  onDeleted,
}: {
  product: ProductDto | null;
  onClose: () => void;
  onDeleted: (deleted: ProductDto) => Promise<void>;
}) {
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (!product) return;
    setPending(true);
    const result = await callApi(`/api/admin/products/${product.id}`, { method: "DELETE" });
    setPending(false);
    // Not found: gone already, as asked (deleted elsewhere meanwhile, or by a try of this delete
    // whose answer was lost before the page sent it again).
    if (result.ok || result.status === 404) {
      toast.success(t.productDeleted);
      await onDeleted(product);
    } else {
      toast.error(result.kind === "network" ? t.genericError : (result.error ?? t.deleteFailed));
    }
  };

  return (
    <DialogFrame
      kind="admin"
      open={product !== null}
      onClose={onClose}
      title={t.deleteTitle}
      description={product ? t.confirmDelete(product.name) : undefined}
      size="narrow"
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={outlineButton} onClick={onClose}>
          {t.cancel}
        </button>
        <button
          type="button"
          className={dangerButton}
          onClick={confirm}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          <Trash2 aria-hidden className="size-4" />
          {t.delete}
        </button>
      </div>
    </DialogFrame>
  );
}
