// Choosing a category clears any search (spec section 2, Home): the category buttons and the
// header's search box are far apart in the page, so the choice reaches the box as a window event.
const CLEAR_SEARCH = "lumiere:clear-search";

/** Empties the header's search box and closes its results. */
export function clearSearch() {
  window.dispatchEvent(new Event(CLEAR_SEARCH));
}

/** Calls `listener` whenever something asks the search to clear; returns the unsubscribe. */
export function onClearSearch(listener: () => void): () => void {
  window.addEventListener(CLEAR_SEARCH, listener);
  return () => window.removeEventListener(CLEAR_SEARCH, listener);
}
