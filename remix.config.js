// BUILD_OUT_DIR builds elsewhere than build/ and public/build/ (the client JavaScript budget
// test builds into its own directory, docs/rules.md "Client JavaScript budget"); the
// browser still finds the assets under /build/.
const out = process.env.BUILD_OUT_DIR;

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  ...(out ? { assetsBuildDirectory: `${out}/public/build`, serverBuildPath: `${out}/build/index.js` } : {}),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
};
