import { notFound } from "next/navigation";

// /product without an id.
export default function ProductWithoutId() {
  notFound();
}
