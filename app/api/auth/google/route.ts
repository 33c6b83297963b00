import { startGoogleSignIn } from "@/lib/auth/google";
import { handle } from "@/lib/errors";

// Browser navigation here starts Google sign-in (spec section 7).
export const dynamic = "force-dynamic";
export const GET = handle(async () => startGoogleSignIn());
