// The staff-feeding program's form schemas: registration (shop-core spec section 4) and
// the clinic search (section 7). Apart from ./staff-program, which every page loads for
// its rules, so that only the pages with these forms load zod (docs/rules.md "Client
// JavaScript budget").
import { z } from "zod";
import { CLINIC_SEARCH_TYPES, roleFor, STAFF_ROLES } from "./staff-program";
import { graduationYears } from "./staff-program-dates";

const ROLE_CODES = STAFF_ROLES.map((role) => role.code) as [string, ...string[]];

/**
 * The registration step (shop-core spec section 4): role, graduation year for
 * students, and the clinic or school joined. The school's name is the joined
 * school's (currentSchoolName).
 */
export function registrationSchema(today: Date, zone: string) {
  const years = graduationYears(today, zone);
  return z
    .object({
      roleCode: z.enum(ROLE_CODES, {
        errorMap: () => ({ message: "Choose what you do." }),
      }),
      graduationYear: z
        .string()
        .trim()
        .optional()
        .transform((value) => (value ? Number(value) : undefined))
        .refine(
          (value) => value === undefined || years.includes(value),
          `Choose a year from ${years[0]} to ${years[years.length - 1]}.`,
        ),
      groupId: z
        .string({ required_error: "Find your clinic or school and choose it." })
        .trim()
        .min(1, "Find your clinic or school and choose it.")
        .max(40, "Find your clinic or school and choose it."),
    })
    .superRefine((value, ctx) => {
      if (roleFor(value.roleCode)?.student && value.graduationYear === undefined) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["graduationYear"],
          message: "Choose your graduation year.",
        });
      }
    });
}

/** search-clinic's query (shop-core spec section 7): by name, city or zip. */
export const ClinicSearchSchema = z
  .object({
    searchType: z.enum(CLINIC_SEARCH_TYPES, { errorMap: () => ({ message: "Search by name, city or zip code." }) }),
    searchTerm: z
      .string({ required_error: "Enter what to search for." })
      .trim()
      .min(2, "Enter at least 2 characters.")
      .max(60, "Keep the search under 60 characters."),
  })
  .superRefine((value, ctx) => {
    if (value.searchType === "zip" && !/^\d{3,5}$/.test(value.searchTerm)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["searchTerm"],
        message: "Enter the first 3 to 5 digits of a zip code.",
      });
    }
  });
