"use client";

import { ErrorScreen } from "@/components/ui/error-screen";

// Any page that fails to render shows this inside the shop's header and footer.
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorScreen error={error} retry={retry} />;
}
