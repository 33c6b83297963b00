import { CATALOGUE_CACHE_CONTROL } from "@/lib/catalogue";
import { handle, notFound } from "@/lib/errors";
import { matchesIfNoneMatch } from "@/lib/http";
import { getImageVariant, parseVariantRequest } from "@/lib/images";
import { messages } from "@/lib/messages";

// Image ids are never reused (a changed image gets a new id), so a rendition never changes.
const IMMUTABLE = "public, max-age=31536000, immutable";

type Context = { params: Promise<{ file: string }> };

const answer = handle(async (request: Request, { params }: Context) => {
  const { file } = await params;
  const variantRequest = parseVariantRequest({
    file,
    searchParams: new URL(request.url).searchParams,
  });
  const variant = await getImageVariant(variantRequest);
  if (!variant) throw notFound(messages.api.imageNotFound);

  const headers = {
    "Cache-Control": IMMUTABLE,
    ETag: variant.etag,
    "Content-Type": variant.contentType,
    "X-Content-Type-Options": "nosniff",
  };
  if (matchesIfNoneMatch(request, variant.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(variant.data), {
    headers: { ...headers, "Content-Length": String(variant.data.byteLength) },
  });
});

export async function GET(request: Request, context: Context) {
  const response = await answer(request, context);
  // A refusal (an unknown or removed image, a rendition the shop never makes) is the same for every
  // visitor, like the catalogue's; a busy render queue's 503 and a failure keep their no-store.
  if (!response.headers.has("Cache-Control")) {
    response.headers.set("Cache-Control", CATALOGUE_CACHE_CONTROL);
  }
  return response;
}
