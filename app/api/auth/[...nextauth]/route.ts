import { handleNextAuthRequest } from "@/lib/auth/google";
import { handlePrivate } from "@/lib/errors";

// next-auth's routes for the Google round trip (/api/auth/callback/google and its helpers).
// Our own /api/auth/* routes are static segments and take precedence over this catch-all.
// Every method comes through, so an unknown /api/auth path answers the API's 404 whatever the method,
// kept by no cache: without Google sign-in next-auth's own addresses (csrf, providers) answer 404,
// and are served once it is set up.
const nextAuthHandler = handlePrivate(async (request: Request) => handleNextAuthRequest(request));
export const GET = nextAuthHandler;
export const POST = nextAuthHandler;
export const PUT = nextAuthHandler;
export const PATCH = nextAuthHandler;
export const DELETE = nextAuthHandler;
