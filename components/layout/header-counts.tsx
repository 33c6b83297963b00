"use client";

import { createContext, useContext } from "react";

/**
 * What the header's cart and wishlist buttons show. The cart and wishlist state provides it by
 * wrapping the app in <HeaderCountsProvider>; without one, both counts are 0 and the wishlist
 * button is inactive (there is no wishlist panel to open).
 */
export type HeaderCounts = {
  cartCount: number;
  wishlistCount: number;
  openWishlist?: () => void;
};

const HeaderCountsContext = createContext<HeaderCounts>({ cartCount: 0, wishlistCount: 0 });

export const HeaderCountsProvider = HeaderCountsContext.Provider;

export function useHeaderCounts() {
  return useContext(HeaderCountsContext);
}
