"use client";

import { ArrowLeft, ArrowRight, ImagePlus, Plus, X } from "lucide-react";
import clsx from "clsx";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { DialogFrame } from "@/components/ui/dialog-frame";
import { outlineButton, thumbnailUrl } from "@/components/admin/admin-ui";
import { ConfirmQuestion } from "@/components/admin/confirm-question";
import { categoryLabel } from "@/components/catalogue/category";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import {
  inputClass,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "@/components/ui/form-controls";
import { callApi } from "@/lib/api-client";
import {
  CATEGORIES,
  DEFAULT_CATEGORY,
  DEFAULT_NEW_PRODUCT_QUANTITY,
  MAX_PHOTO_SIDE,
  MAX_PRODUCT_IMAGES,
} from "@/lib/constants";
import { centsToDollars } from "@/lib/format";
import { messages } from "@/lib/messages";
import {
  EDITED_FIELDS,
  PRODUCT_LIMITS,
  productFieldOfMessage,
  productFieldsSchema,
  withMaterial,
  type EditedField,
  type ProductDto,
  type ProductFields,
  type ProductFieldsInput,
} from "@/models/product";
import { showsSomething } from "@/models/text";

const t = messages.admin;
const MAX_FILE_MEGABYTES = 8;
const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"];

/** An image of the form: one the product already has, or a file picked on this device. */
type ImageEntry =
  | { key: string; kind: "kept"; path: string }
  | { key: string; kind: "new"; file: File; url: string };

/** A photo small enough to send as it is: the server keeps it as it comes. */
const SEND_AS_IS_BYTES = 1024 * 1024;

/**
 * A picked photo as it will be sent: a larger one is made what the shop stores anyway (a JPEG at
 * most MAX_PHOTO_SIDE a side, upright, on white), so ten photos from a phone's camera upload in
 * seconds over a phone's connection, not minutes. Null when the browser cannot decode the file
 * as a picture (a renamed document).
 */
async function photoToSend(file: File): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const scale = Math.min(1, MAX_PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= SEND_AS_IS_BYTES) return file;
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const jpeg = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", 0.92),
    );
    if (!jpeg || jpeg.size >= file.size) return file;
    return new File([jpeg], `${file.name.replace(/\.[^.]*$/, "")}.jpg`, { type: "image/jpeg" });
  } finally {
    bitmap.close();
  }
}

/** Add or edit a product: the spec's fields, materials one at a time, images with previews. */
export function ProductFormDialog({
  product,
  onClose,
  onSaved,
  onGone,
}: {
  product: ProductDto | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
  /** The product being edited was deleted elsewhere meanwhile. */
  onGone: () => Promise<void>;
}) {
  const editing = product !== null;
  const [images, setImages] = useState<ImageEntry[]>(() =>
    (product?.images ?? []).map((path) => ({ key: path, kind: "kept", path })),
  );
  // The photos as the form was opened: left so, a save keeps the product's photos as they are now,
  // with any another save added meanwhile.
  const [imagesOpened] = useState(images);
  const photosChanged =
    images.length !== imagesOpened.length ||
    images.some((image, index) => image.key !== imagesOpened[index]?.key);
  const [imagesError, setImagesError] = useState<string | null>(null);
  // Picked photos still being read and resized (seconds each on a slow phone): no save leaves them out.
  const [preparingPhotos, setPreparingPhotos] = useState(0);

  const form = useForm<ProductFieldsInput, unknown, ProductFields>({
    resolver: zodResolver(productFieldsSchema),
    defaultValues: formFieldsOf(product),
  });
  const { register, formState, setError } = form;
  // An edit's fields as the form showed them when opened (or as the server has since said they
  // are): the server keeps what orders and other saves made meanwhile of those it leaves alone.
  const [opened, setOpened] = useState(() => (product ? formFieldsOf(product) : undefined));
  const materials = useWatch({ control: form.control, name: "materials" });
  const errors = formState.errors;
  // The Idempotency-Key of the save being sent and what the form held when it was sent: Create
  // pressed again after a lost answer is that product, never a second copy of it, and Update
  // pressed again is that edit, not a stock change made over orders; a form changed since is a
  // new save, never swallowed by the first.
  const attempt = useRef<{ key: string; contents: string } | null>(null);

  const save = async (values: ProductFields) => {
    if (images.length === 0) return;
    const contents = JSON.stringify([values, images.map((image) => image.key)]);
    if (attempt.current?.contents !== contents) {
      attempt.current = { key: crypto.randomUUID(), contents };
    }
    const headers = { "Idempotency-Key": attempt.current.key };
    const result = await callApi<{ product: ProductDto }>(
      editing ? `/api/admin/products/${product.id}` : "/api/admin/products",
      {
        method: editing ? "PUT" : "POST",
        body: toFormData(
          values,
          images,
          opened && { ...opened, images: imagesOpened },
          photosChanged,
        ),
        headers,
      },
    );
    if (result.ok) {
      attempt.current = null;
      toast.success(editing ? t.productUpdated : t.productCreated);
      await onSaved();
      return;
    }
    // Refused outright: nothing was stored, so the next press is a new attempt.
    if (result.kind === "refused" && result.status < 500) attempt.current = null;
    if (result.kind === "network") {
      toast.error(t.genericError);
      return;
    }
    toast.error(result.error ?? t.operationFailed);
    if (editing && result.status === 404) {
      await onGone();
      return;
    }
    // Another save changed fields this one changed too: the form now shows them as saved there.
    const changed = (result.body as { changed?: Partial<Pick<ProductDto, EditedField>> } | null)
      ?.changed;
    if (result.status === 409 && changed && product && opened) {
      const now = formFieldsOf({ ...product, ...changed });
      const fields = EDITED_FIELDS.filter((field) => field in changed);
      setOpened({ ...opened, ...Object.fromEntries(fields.map((field) => [field, now[field]])) });
      for (const field of fields) form.setValue(field, now[field]);
      if (fields[0]) setError(fields[0], { message: result.error ?? "" }, { shouldFocus: true });
      return;
    }
    // Orders moved the stock while the form was open: it now shows the stock as it is.
    const stockNow = (result.body as { quantity?: unknown } | null)?.quantity;
    if (result.status === 409 && typeof stockNow === "number" && opened) {
      setOpened({ ...opened, quantity: String(stockNow) });
      form.setValue("quantity", String(stockNow));
      setError("quantity", { message: result.error ?? "" }, { shouldFocus: true });
      return;
    }
    // A refused form: each of the server's messages on the field it is about.
    if (result.status === 400 || result.status === 413) {
      for (const detail of result.details.length ? result.details : [result.error ?? ""]) {
        const field = productFieldOfMessage(detail);
        if (field === "images") setImagesError(detail);
        else setError(field, { message: detail }, { shouldFocus: true });
      }
    }
  };
  // A material typed but not yet added goes with the save: what the owner sees is what is saved.
  const [materialDraft, setMaterialDraft] = useState("");
  // A reload (a pull to refresh on a phone) or leaving the page would drop what the form holds
  // and the photos picked for it: while it holds anything unsaved, the browser asks first.
  const unsaved =
    formState.isDirty || preparingPhotos > 0 || showsSomething(materialDraft) || photosChanged;
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved]);
  // Escape or the close button, pressed by a stray hand on a form holding unsaved work, asks before
  // dropping it, and waits while the form is being saved: closed then, a failed save (a phone's
  // connection lost) would have dropped what it held. Cancel is the deliberate way out and closes
  // at once.
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const requestClose = () => {
    if (formState.isSubmitting) return;
    if (unsaved) setAskingToDiscard(true);
    else onClose();
  };
  const setMaterials = (materials: string[]) =>
    form.setValue("materials", materials, { shouldDirty: true, shouldValidate: true });
  // Images are checked with the fields, so one press shows every problem at once.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (preparingPhotos > 0) {
      event.preventDefault();
      return;
    }
    if (materialDraft.trim()) {
      setMaterials(withMaterial(form.getValues("materials") ?? [], materialDraft));
      setMaterialDraft("");
    }
    if (images.length === 0) setImagesError(t.imagesRequired);
    return form.handleSubmit(save)(event);
  };

  // Picked files preview from blob: URLs, each released when its image leaves the form or the
  // window closes.
  const blobUrls = useRef(new Set<string>());
  useEffect(() => {
    const urls = blobUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const addFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    const problems: string[] = [];
    const added: ImageEntry[] = [];
    setPreparingPhotos((n) => n + 1);
    try {
      for (const picked of Array.from(files)) {
        // The type comes from the file's name: only decoding tells a picture from a renamed file.
        const file = ACCEPTED_TYPES.includes(picked.type) ? await photoToSend(picked) : null;
        if (!file) {
          problems.push(messages.api.fileNotAnImage(picked.name));
        } else if (file.size > MAX_FILE_MEGABYTES * 1024 * 1024) {
          problems.push(messages.api.fileTooLarge(picked.name, MAX_FILE_MEGABYTES));
        } else if (images.length + added.length >= MAX_PRODUCT_IMAGES) {
          problems.push(t.tooManyImages(MAX_PRODUCT_IMAGES));
        } else {
          const url = URL.createObjectURL(file);
          blobUrls.current.add(url);
          added.push({ key: url, kind: "new", file, url });
        }
      }
    } finally {
      setPreparingPhotos((n) => n - 1);
    }
    setImages((current) => [...current, ...added]);
    // Every file refused is named, one line each: the owner picked them together.
    setImagesError(problems.length ? [...new Set(problems)].join("\n") : null);
  };

  const removeImage = (index: number) => {
    const image = images[index];
    if (image?.kind === "new") {
      URL.revokeObjectURL(image.url);
      blobUrls.current.delete(image.url);
    }
    setImages((current) => current.filter((_, i) => i !== index));
    setImagesError(null);
  };

  const moveImage = (index: number, by: -1 | 1) =>
    setImages((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });

  return (
    <DialogFrame
      kind="admin"
      open
      onClose={requestClose}
      title={editing ? t.editProductTitle : t.addProductTitle}
      description={editing ? product.name : undefined}
      closeOnOutsidePress={false}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label={t.nameLabel}
          autoComplete="off"
          maxLength={PRODUCT_LIMITS.name}
          error={errors.name?.message}
          dir="auto"
          {...register("name")}
        />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <TextField
            label={t.priceLabel}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            error={errors.price?.message}
            {...register("price")}
          />
          <TextField
            label={t.quantityLabel}
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            error={errors.quantity?.message}
            {...register("quantity")}
          />
          <SelectField
            label={t.categoryLabel}
            className="col-span-2 sm:col-span-1"
            error={errors.category?.message}
            {...register("category")}
          >
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(category)}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField
          label={t.descriptionLabel}
          rows={4}
          maxLength={PRODUCT_LIMITS.description}
          error={errors.description?.message}
          dir="auto"
          {...register("description")}
        />
        <MaterialsField
          materials={materials ?? []}
          draft={materialDraft}
          onDraftChange={setMaterialDraft}
          error={errors.materials?.message ?? errors.materials?.root?.message}
          onChange={setMaterials}
        />
        <ImagesField
          images={images}
          error={imagesError}
          onAdd={addFiles}
          onRemove={removeImage}
          onMove={moveImage}
        />
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className={`${outlineButton} h-11`} onClick={onClose}>
            {t.cancel}
          </button>
          <div className="sm:w-48">
            <SubmitButton pending={formState.isSubmitting || preparingPhotos > 0}>
              {preparingPhotos > 0
                ? t.preparingPhotos
                : formState.isSubmitting
                  ? t.saving
                  : editing
                    ? t.updateSubmit
                    : t.createSubmit}
            </SubmitButton>
          </div>
        </div>
      </form>
      <ConfirmQuestion
        kind="discard-changes"
        open={askingToDiscard}
        title={t.discardChangesTitle}
        description={t.discardChangesHint}
        keepLabel={t.keepEditing}
        confirmLabel={t.discardChanges}
        onKeep={() => setAskingToDiscard(false)}
        onConfirm={onClose}
      />
    </DialogFrame>
  );
}

/** The form's fields for a product as it is, or a new product's defaults. */
function formFieldsOf(product: Partial<ProductDto> | null) {
  return {
    name: product?.name ?? "",
    price: product?.price !== undefined ? product.price.toFixed(2) : "",
    category: product?.category ?? DEFAULT_CATEGORY,
    description: product?.description ?? "",
    quantity: String(product?.quantity ?? DEFAULT_NEW_PRODUCT_QUANTITY),
    materials: product?.materials ?? [],
  } satisfies ProductFieldsInput;
}

/**
 * The multipart form of the admin API: text fields, new files in order, and on edit (when `opened`
 * is given) the stock and other fields the form was opened with and, when its photos changed,
 * their order.
 */
function toFormData(
  values: ProductFields,
  images: ImageEntry[],
  opened: (ReturnType<typeof formFieldsOf> & { images: ImageEntry[] }) | undefined,
  photosChanged: boolean,
): FormData {
  const data = new FormData();
  data.set("name", values.name);
  data.set("price", centsToDollars(values.price).toFixed(2));
  data.set("category", values.category);
  data.set("description", values.description);
  data.set("quantity", String(values.quantity));
  data.set("materials", JSON.stringify(values.materials));
  const order: string[] = [];
  let uploaded = 0;
  for (const image of images) {
    if (image.kind === "kept") {
      order.push(image.path);
    } else {
      data.append("images", image.file, image.file.name);
      order.push(`new:${uploaded++}`);
    }
  }
  if (opened) {
    const { quantity, images: imagesOpened, ...fields } = opened;
    const was = {
      ...fields,
      images: imagesOpened.flatMap((i) => (i.kind === "kept" ? i.path : [])),
    };
    if (photosChanged) data.set("imageOrder", JSON.stringify(order));
    data.set("quantityWas", quantity);
    data.set("was", JSON.stringify(was));
  }
  return data;
}

function MaterialsField({
  materials,
  draft,
  onDraftChange,
  error,
  onChange,
}: {
  materials: string[];
  draft: string;
  onDraftChange: (draft: string) => void;
  error?: string;
  onChange: (materials: string[]) => void;
}) {
  const id = useId();

  const add = () => {
    onDraftChange("");
    const next = withMaterial(materials, draft);
    if (next !== materials) onChange(next);
  };

  return (
    <fieldset>
      <legend className="text-ink mb-1.5 block text-sm font-medium">{t.materialsLabel}</legend>
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          maxLength={PRODUCT_LIMITS.material}
          placeholder={t.materialPlaceholder}
          aria-label={t.materialsLabel}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
          className={clsx(inputClass, "min-w-0 flex-1")}
        />
        <button type="button" className={`${outlineButton} h-11 shrink-0`} onClick={add}>
          <Plus aria-hidden className="size-4" />
          {t.addMaterial}
        </button>
      </div>
      {materials.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {materials.map((material) => (
            <li
              key={material}
              className="bg-sand text-ink flex max-w-full min-w-0 items-center gap-1 rounded-full py-1 ps-3 pe-1 text-sm pointer-coarse:py-0"
            >
              <span className="min-w-0 wrap-anywhere">{material}</span>
              <button
                type="button"
                aria-label={t.removeMaterial(material)}
                onClick={() => onChange(materials.filter((m) => m !== material))}
                className="text-muted hover:text-ink flex size-7 items-center justify-center rounded-full hover:bg-white pointer-coarse:size-11"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-[13px] text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ImagesField({
  images,
  error,
  onAdd,
  onRemove,
  onMove,
}: {
  images: ImageEntry[];
  error: string | null;
  onAdd: (files: FileList | null) => Promise<void>;
  onRemove: (index: number) => void;
  onMove: (index: number, by: -1 | 1) => void;
}) {
  const id = useId();
  const full = images.length >= MAX_PRODUCT_IMAGES;
  return (
    <fieldset aria-describedby={`${id}-note`}>
      <legend className="text-ink mb-1.5 block text-sm font-medium">{t.imagesLabel}</legend>
      {/* Two to a row on a touch phone: room for the photo beside its fingertip-wide buttons. */}
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 max-sm:pointer-coarse:grid-cols-2">
        {images.map((image, index) => {
          const n = index + 1;
          return (
            <li
              key={image.key}
              className="border-line group relative aspect-square overflow-hidden rounded-lg border bg-white"
            >
              {/* Picked files show from blob: URLs; kept ones as a small rendition. */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img
                src={image.kind === "new" ? image.url : thumbnailUrl(image.path, 256)}
                alt={t.imageAlt(n)}
                className="size-full object-cover"
              />
              {image.kind === "new" && (
                <span className="bg-gold-dark text-ivory absolute start-1 top-1 rounded-full px-1.5 text-[10px] font-semibold tracking-wide uppercase">
                  {t.newImage}
                </span>
              )}
              <button
                type="button"
                aria-label={t.removeImage(n)}
                onClick={() => onRemove(index)}
                className="bg-ink/75 text-ivory hover:bg-ink absolute end-1 top-1 flex size-8 items-center justify-center rounded-full pointer-coarse:size-11"
              >
                <X aria-hidden className="size-4" />
              </button>
              <div className="absolute inset-x-1 bottom-1 flex justify-between">
                <button
                  type="button"
                  aria-label={t.moveImageEarlier(n)}
                  disabled={index === 0}
                  onClick={() => onMove(index, -1)}
                  className="bg-ivory/90 text-ink flex size-8 items-center justify-center rounded-full shadow-sm disabled:invisible rtl:rotate-180 pointer-coarse:size-11"
                >
                  <ArrowLeft aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  aria-label={t.moveImageLater(n)}
                  disabled={index === images.length - 1}
                  onClick={() => onMove(index, 1)}
                  className="bg-ivory/90 text-ink flex size-8 items-center justify-center rounded-full shadow-sm disabled:invisible rtl:rotate-180 pointer-coarse:size-11"
                >
                  <ArrowRight aria-hidden className="size-4" />
                </button>
              </div>
            </li>
          );
        })}
        {!full && (
          <li className="aspect-square">
            <label
              htmlFor={id}
              className="border-line text-muted hover:border-gold hover:text-gold-dark has-[:focus-visible]:outline-gold flex size-full cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed bg-white text-center text-xs font-medium transition has-[:focus-visible]:outline-2"
            >
              <ImagePlus aria-hidden className="size-6" />
              {t.addImages}
              <input
                id={id}
                type="file"
                accept={ACCEPTED_TYPES.join(",")}
                multiple
                className="sr-only"
                aria-invalid={error ? true : undefined}
                onChange={(event) => {
                  void onAdd(event.target.files);
                  event.target.value = "";
                }}
              />
            </label>
          </li>
        )}
      </ul>
      <p
        id={`${id}-note`}
        aria-live="polite"
        className={
          error
            ? "mt-1.5 text-[13px] whitespace-pre-line text-red-700"
            : "text-muted mt-1.5 text-[13px]"
        }
      >
        {error ?? t.imagesHint}
      </p>
    </fieldset>
  );
}
