"use client";

// The account entries of the mobile slide-in menu. `onNavigate` closes the menu.
export function MobileAccountItems({ onNavigate }: { onNavigate: () => void }) {
  void onNavigate;
  return null;
}
