import "server-only";
import type { Database } from "@/lib/db";

export async function seedSampleCatalogue(db: Database) {
  void db;
}
