// An empty JSON answer, rendered on every request.
export async function GET() {
  return Response.json({});
}
