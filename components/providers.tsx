"use client";

// Client-side context shared by the whole app (auth state, toasts). Wrapped around every page
// by the root layout.
export function Providers({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}
