import type { Category } from "@/lib/constants";

/** A product as the API and the storefront show it (spec section 3). */
export type ProductDto = {
  _id: string;
  id: string;
  name: string;
  /** Dollars, two decimals (stored as integer cents). */
  price: number;
  category: Category;
  description: string;
  quantity: number;
  materials: string[];
  /** Image paths served by our image route, e.g. "/images/<uuid>.jpg". */
  images: string[];
};
