// `npm run db:seed`: the sample catalogue (only into an empty catalogue) and the admin from
// ADMIN_EMAIL and ADMIN_PASSWORD, in the configured database.
import { closeDb, getDb } from "@/lib/db";
import { seedSampleCatalogue } from "@/lib/seed";

async function main() {
  const db = await getDb();
  // The sample admin's password is public: only a new embedded database (on first start) gets it.
  await seedSampleCatalogue(db, { sampleAdmin: false });
  await closeDb();
  console.log("Seeding done.");
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
