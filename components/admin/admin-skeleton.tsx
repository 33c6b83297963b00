import { Skeleton } from "@/components/ui/skeleton";

/** The panel's outline while the session is read. */
export function AdminPanelSkeleton() {
  return (
    <div aria-busy="true">
      <Skeleton className="h-9 w-48" />
      <Skeleton className="mt-3 h-4 w-64" />
      <Skeleton className="mt-8 h-11 w-full max-w-md rounded-full" />
      <div className="mt-8 grid grid-cols-2 gap-3 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
    </div>
  );
}
