// `npm run user:promote -- <email>`: makes an existing account an admin.
import { closeDb, getDb } from "@/lib/db";
import { promoteUser } from "@/lib/seed";

async function main() {
  const email = process.argv[2]?.trim();
  if (!email) {
    console.error("Usage: npm run user:promote -- <email>");
    process.exit(1);
  }
  const db = await getDb();
  const promoted = await promoteUser(db, { email });
  await closeDb();
  if (!promoted) {
    console.error(`No account with the email ${email}. The person must sign up first.`);
    process.exit(1);
  }
  console.log(`${email} is now an admin.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
