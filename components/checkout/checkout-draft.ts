// What a customer has typed into the checkout form, and the currency she picked, kept in this
// tab's session storage until the order is placed: a refresh on a slow phone, or a sign-in again
// after the session ended, does not cost them the address. Kept per tab and per customer, and
// forgotten on sign-out.
import { useCallback, useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import {
  CHECKOUT_DRAFT_STORAGE_KEY as DRAFT_KEY,
  CURRENCIES,
  type Currency,
} from "@/lib/constants";
import type { checkoutFormSchema, CheckoutForm, ShippingAddress } from "@/models/order";

const ADDRESS_FIELDS = [
  "fullName",
  "address",
  "city",
  "area",
  "building",
  "floor",
  "additionalInfo",
] as const;

type CheckoutFormHandle = UseFormReturn<z.input<typeof checkoutFormSchema>, unknown, CheckoutForm>;

type CheckoutDraft = {
  shippingAddress: Partial<Record<(typeof ADDRESS_FIELDS)[number], string>>;
  phoneNumber?: string;
  notes?: string;
  currency?: Currency;
};

/** Only strings of the form's own fields are taken back; the server checks them as ever. */
const text = (value: unknown) => (typeof value === "string" ? value : undefined);

type StoredDraft = { userId: string; values?: unknown; currency?: unknown };

/** What is stored for this customer, as stored, or null: none, another customer's, or unreadable. */
function readStored(userId: string): StoredDraft | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? "null");
    if (typeof stored !== "object" || stored === null) return null;
    return (stored as StoredDraft).userId === userId ? (stored as StoredDraft) : null;
  } catch {
    return null; // storage disabled (private mode) or not JSON: nothing was kept
  }
}

/** Keeps one part of this customer's draft (the form's values, or the currency) beside the other. */
function keep(userId: string, part: Omit<StoredDraft, "userId">) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...readStored(userId), userId, ...part }));
  } catch {
    // Storage full or disabled: the page still holds what was typed and picked.
  }
}

/** The draft kept for this customer, or null: none, another customer's, or unreadable. */
export function readCheckoutDraft(userId: string): CheckoutDraft | null {
  const stored = readStored(userId);
  if (!stored) return null;
  const values = stored.values ?? {};
  if (typeof values !== "object" || values === null) return null;
  const { shippingAddress, phoneNumber, notes } = values as Record<string, unknown>;
  const address = (typeof shippingAddress === "object" && shippingAddress) || {};
  const draft: CheckoutDraft = {
    shippingAddress: {},
    phoneNumber: text(phoneNumber),
    notes: text(notes),
    currency: CURRENCIES.find((currency) => currency === stored.currency),
  };
  for (const name of ADDRESS_FIELDS) {
    const value = text((address as Record<string, unknown>)[name]);
    if (value !== undefined) draft.shippingAddress[name] = value;
  }
  return draft;
}

export function forgetCheckoutDraft() {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}

/**
 * Fills the form with this customer's draft once it mounts, then keeps every edit. The profile's
 * name and phone stay the defaults where the draft has none.
 */
export function useCheckoutDraft(form: CheckoutFormHandle, userId: string) {
  const { reset, getValues, subscribe } = form;
  useEffect(() => {
    const draft = readCheckoutDraft(userId);
    if (draft) {
      const current = getValues();
      const shippingAddress = { ...current.shippingAddress, ...draft.shippingAddress };
      const phoneNumber = draft.phoneNumber ?? current.phoneNumber;
      const notes = draft.notes ?? current.notes;
      reset({ shippingAddress, phoneNumber, notes }, { keepDefaultValues: true });
    }
    return subscribe({
      formState: { values: true },
      callback: ({ values, type }) => {
        if (type === "change") keep(userId, { values });
      },
    });
  }, [userId, reset, getValues, subscribe]);
}

/**
 * The currency this customer picked in this tab, kept with the draft; null until she picks one
 * (or when the draft was forgotten).
 */
export function useDraftCurrency(userId: string) {
  // The form is drawn only in the browser, once the cart was read from its storage.
  const [currency, setCurrency] = useState(() => readCheckoutDraft(userId)?.currency ?? null);
  const choose = useCallback(
    (picked: Currency) => {
      setCurrency(picked);
      keep(userId, { currency: picked });
    },
    [userId],
  );
  return [currency, choose] as const;
}

/** Where the order goes, apart from the name (the profile's by default). */
const DELIVERY_FIELDS = ADDRESS_FIELDS.filter((name) => name !== "fullName");

/**
 * A returning customer's last delivery address fills the form once, when she has typed none (and
 * kept no draft): most orders go where the last one went. She changes it as she likes.
 */
export function useLastDeliveryAddress(
  form: CheckoutFormHandle,
  last: ShippingAddress | undefined,
) {
  const offered = useRef(false);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (!last || offered.current) return;
    offered.current = true;
    const typed = getValues().shippingAddress;
    if (DELIVERY_FIELDS.some((name) => String(typed[name] ?? "").trim())) return;
    for (const name of DELIVERY_FIELDS) {
      setValue(`shippingAddress.${name}`, last[name] ?? "", { shouldDirty: true });
    }
  }, [last, getValues, setValue]);
}
