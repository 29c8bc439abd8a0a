import fs from "node:fs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const PRISMA_CLIENT = { group: ["**/generated/prisma/*"], importNames: ["default"], message: "Use ~/db.server." };

/**
 * A service folder is reached from outside only through its index.server.ts
 * (docs/architecture.md "Layers"); inside its folder a service imports its own files.
 */
const serviceBoundary = (ownFolder) => ({
  group: ["~/services/*/*", "!~/services/*/index.server", ...(ownFolder ? [`!~/services/${ownFolder}/*`] : [])],
  message: "Reach another service through its folder's index: ~/services/<folder>/index.server.",
});
/** `no-restricted-imports` for `files` (tests excepted): the generated Prisma client, and `patterns`. */
const restrictedImports = (files, ...patterns) => ({
  files,
  ignores: ["**/*.test.{ts,tsx}"],
  rules: { "no-restricted-imports": ["error", { patterns: [PRISMA_CLIENT, ...patterns] }] },
});
const serviceFolders = fs
  .readdirSync("app/services", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Site differences are answered by the site policy (docs/rules.md "Site policy"):
 * no file compares a site id, by `===`, `!==`, `==`, `!=` or a `case`.
 */
const SITE_ID = "/^(HPSF|DTC)$/";
const SITE_POLICY_MESSAGE =
  'Ask the site policy (sitePolicy(site) in app/models/site-policy.ts, docs/rules.md "Site policy") instead of comparing a site id.';
const siteIdComparisons = [
  { selector: `BinaryExpression[operator=/^[!=]==?$/] > Literal[value=${SITE_ID}]`, message: SITE_POLICY_MESSAGE },
  { selector: `SwitchCase > Literal.test[value=${SITE_ID}]`, message: SITE_POLICY_MESSAGE },
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "app/generated/**",
      "node_modules/**",
      "data/**",
      "playwright-report/**",
      "test-results/**",
      ".cache/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs,ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": ["error", { patterns: [PRISMA_CLIENT] }],
    },
  },
  restrictedImports(["app/**/*.{ts,tsx}", "scripts/**/*.{ts,mjs}"], serviceBoundary(null)),
  // Routes adapt input and output; what they read and write goes through a service
  // (docs/architecture.md "Layers").
  restrictedImports(["app/routes/**/*.{ts,tsx}"], serviceBoundary(null), {
    group: ["~/db.server"],
    message: "Routes reach the database through a service.",
  }),
  // Routes stay thin: a view grown past this goes to app/components, a rule to app/models
  // (docs/architecture.md "Layers").
  { files: ["app/routes/**/*.{ts,tsx}"], rules: { "max-lines": ["error", { max: 250 }] } },
  ...serviceFolders.map((folder) =>
    restrictedImports([`app/services/${folder}/**/*.{ts,tsx}`], serviceBoundary(folder), {
      group: ["../*"],
      message: "Reach another service through its folder's index: ~/services/<folder>/index.server.",
    }),
  ),
  {
    files: ["app/**/*.tsx", "tests/**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    settings: { react: { version: "detect" }, "jsx-a11y": { components: { Link: "a", NavLink: "a" } } },
  },
  {
    files: ["app/**/*.tsx", "tests/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
      // Remix's Link and NavLink take `to`, which the rule must accept as the href.
      "jsx-a11y/anchor-is-valid": ["error", { components: ["Link", "NavLink"], specialLink: ["to"] }],
    },
  },
  {
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
  {
    // Models are pure rules shared by server and browser (docs/architecture.md "Layers").
    files: ["app/models/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/services/*", "~/db.server", "*.server", "react", "@remix-run/*"],
              message: "Models do no I/O.",
            },
          ],
        },
      ],
      "no-restricted-globals": ["error", { name: "process", message: "Models never read process.env." }],
    },
  },
  {
    // The site policy and site resolution are the only places a site id is compared.
    files: ["app/**/*.{ts,tsx}", "scripts/**/*.{ts,mjs,js}"],
    ignores: ["app/models/site-policy.ts", "app/models/site.ts"],
    rules: { "no-restricted-syntax": ["error", ...siteIdComparisons] },
  },
  {
    // Components are presentational: no services, no server modules.
    files: ["app/components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/services/*", "*.server"], message: "Components fetch nothing." }] },
      ],
    },
  },
);
