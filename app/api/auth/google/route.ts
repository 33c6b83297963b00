import { connection } from "next/server";
import { startGoogleSignIn } from "@/lib/auth/google";
import { handle } from "@/lib/errors";

// Browser navigation here starts Google sign-in (spec section 7): a fresh state on every visit,
// never an answer prepared at build time.
export const GET = handle(async () => {
  await connection();
  return startGoogleSignIn();
});
