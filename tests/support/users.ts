// Accounts for API tests: a row in the users table and a session token for it.
import { createSessionToken } from "@/lib/auth/session";
import type { RegistrationSource } from "@/lib/constants";
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
    email = uniqueEmail(isAdmin ? "owner" : "shopper"),
    registrationSource = null,
    passwordHash = null,
  }: {
    isAdmin?: boolean;
    isEmailVerified?: boolean;
    firstName?: string;
    lastName?: string;
    email?: string;
    registrationSource?: RegistrationSource | null;
    /** A hash from hashPassword, for tests that sign in or confirm with a password. */
    passwordHash?: string | null;
  } = {},
): Promise<SignedIn> {
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstName,
      lastName,
      isAdmin,
      isEmailVerified,
      registrationSource,
      passwordHash,
    })
    .returning();
  return { user: user!, token: await createSessionToken({ user: user! }) };
}
