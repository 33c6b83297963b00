// A static page: prerendered at build time, served from Next's cache.
export default function Page() {
  return <main>Reference page</main>;
}
