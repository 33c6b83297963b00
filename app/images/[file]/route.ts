import { handle, notFound } from "@/lib/errors";
import { matchesIfNoneMatch } from "@/lib/http";
import { getImageVariant, parseVariantRequest } from "@/lib/images";
import { messages } from "@/lib/messages";

// Image ids are never reused (a changed image gets a new id), so a rendition never changes.
const IMMUTABLE = "public, max-age=31536000, immutable";

export const GET = handle(
  async (request: Request, { params }: { params: Promise<{ file: string }> }) => {
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
  },
);
