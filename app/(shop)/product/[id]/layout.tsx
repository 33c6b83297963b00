import { notFound } from "next/navigation";
import { getProductByIdCached } from "@/lib/catalogue";

// The product is looked up here, above the loading screen, so an unknown id answers with a real
// 404 status before any of the page streams.
export default async function ProductLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  if (!(await getProductByIdCached({ id }))) notFound();
  return children;
}
