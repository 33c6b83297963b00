import { handleNextAuthRequest } from "@/lib/auth/google";
import { handle } from "@/lib/errors";

// next-auth's routes for the Google round trip (/api/auth/callback/google and its helpers).
// Our own /api/auth/* routes are static segments and take precedence over this catch-all.
// Every method comes through, so an unknown /api/auth path answers the API's 404 whatever the method.
const nextAuthHandler = handle(async (request: Request) => handleNextAuthRequest(request));
export const GET = nextAuthHandler;
export const POST = nextAuthHandler;
export const PUT = nextAuthHandler;
export const PATCH = nextAuthHandler;
export const DELETE = nextAuthHandler;
