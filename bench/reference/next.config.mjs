// The floor the shop is measured against: an empty Next app of the shop's Next version, built and
// started the plain way (`next build`, `next start`) by `npm run bench`.
const config = { poweredByHeader: false, distDir: ".next-bench" };
export default config;
