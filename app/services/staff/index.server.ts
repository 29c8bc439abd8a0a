import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { customers } from "~/services/customers/index.server";
import { createStaffProgram } from "./staff.server";

export {
  CLINIC_SEARCH_LIMIT,
  StaffError,
  type ClinicAddress,
  type ClinicSummary,
  type OnboardingResult,
  type StaffMember,
} from "./staff.server";

/** The staff-feeding program on our own database (the identity and commerce providers' data). */
export const staffProgram = createStaffProgram({
  db: prisma,
  customers,
  settings: () => ({
    eligibleGroups: env.PD_ELIGIBLE_ACCOUNT_GROUPS,
    discountPercent: env.PROGRAM_DISCOUNT_PERCENT,
    monthlyQuotaCents: env.STAFF_MONTHLY_QUOTA_CENTS,
  }),
});
