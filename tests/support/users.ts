// Accounts for API tests: a row in the users table and a session token for it.
import { createSessionToken } from "@/lib/auth/session";
import type { Database } from "@/lib/db";
import { users, type User } from "@/lib/db/schema";
import { uniqueEmail } from "@/tests/support/auth-requests";

export type SignedIn = { user: User; token: string };

export async function createSignedInUser(
  db: Database,
  {
    isAdmin = false,
    isEmailVerified = true,
    firstName = "Maya",
    lastName = "Khalil",
  }: { isAdmin?: boolean; isEmailVerified?: boolean; firstName?: string; lastName?: string } = {},
): Promise<SignedIn> {
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail(isAdmin ? "owner" : "shopper"),
      firstName,
      lastName,
      isAdmin,
      isEmailVerified,
    })
    .returning();
  return { user: user!, token: await createSessionToken({ user: user! }) };
}
