// `npm run db:migrate`: applies pending migrations to the configured database.
import { closeDb, getDb } from "@/lib/db";

async function main() {
  await getDb();
  await closeDb();
  console.log("Migrations applied.");
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
