import { handleNextAuthRequest } from "@/lib/auth/google";
import { handle } from "@/lib/errors";

// next-auth's routes for the Google round trip (/api/auth/callback/google and its helpers).
// Our own /api/auth/* routes are static segments and take precedence over this catch-all.
export const GET = handle(async (request: Request) => handleNextAuthRequest(request));
export const POST = handle(async (request: Request) => handleNextAuthRequest(request));
