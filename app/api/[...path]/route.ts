import { handlePrivate, notFound } from "@/lib/errors";

// Every /api path that no route serves answers the API's JSON 404, whatever the method (Next
// would otherwise answer with the HTML not-found page, or try a Server Action on a POST), and no
// cache keeps it: an address not served today may be tomorrow.
const notFoundHandler: (request: Request) => Promise<Response> = handlePrivate(async () => {
  throw notFound();
});

export const GET = notFoundHandler;
export const POST = notFoundHandler;
export const PUT = notFoundHandler;
export const PATCH = notFoundHandler;
export const DELETE = notFoundHandler;
export const OPTIONS = notFoundHandler;
