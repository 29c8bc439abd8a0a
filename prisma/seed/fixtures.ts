// Non-catalogue seed data: autoship frequencies, home-delivery coverage,
// clinics and schools (fictional), and the demo accounts named in the README.

export const SELLING_PLANS = [
  { id: "autoship-2w", name: "Every 2 weeks", frequencyDays: 14 },
  { id: "autoship-3w", name: "Every 3 weeks", frequencyDays: 21 },
  { id: "autoship-4w", name: "Every 4 weeks", frequencyDays: 28 },
  { id: "autoship-6w", name: "Every 6 weeks", frequencyDays: 42 },
  { id: "autoship-8w", name: "Every 8 weeks", frequencyDays: 56 },
  { id: "autoship-12w", name: "Every 12 weeks", frequencyDays: 84 },
];

/** Home-delivery coverage, "start-end" ranges of zero-padded zips (shop-core spec section 3). */
export const HOME_ZIP_RANGES = [
  "01001-02791", // Massachusetts
  "10001-14975", // New York
  "32003-34997", // Florida
  "60001-62999", // Illinois
  "75001-79999", // Texas
  "80001-81658", // Colorado (default guest zip 80011)
  "90001-96162", // California
  "96701-96898", // Hawaii
  "98001-99403", // Washington
  "99501-99950", // Alaska
];

export const CLINICS = [
  {
    groupId: "CLN-1001",
    kind: "clinic",
    name: "Aurora Animal Hospital",
    soldTo: "1000101",
    shipTo: "2000101",
    address1: "1450 S Havana St",
    address2: "Suite 100",
    city: "Aurora",
    provinceCode: "CO",
    zip: "80012",
    phone: "303-555-0110",
    homeDeliveryOnly: false,
  },
  {
    groupId: "CLN-1002",
    kind: "clinic",
    name: "Cherry Creek Veterinary Clinic",
    soldTo: "1000102",
    shipTo: "2000102",
    address1: "240 Detroit St",
    address2: null,
    city: "Denver",
    provinceCode: "CO",
    zip: "80206",
    phone: "303-555-0124",
    homeDeliveryOnly: false,
  },
  {
    groupId: "CLN-1003",
    kind: "clinic",
    name: "Front Range Emergency Vet",
    soldTo: "1000103",
    shipTo: "2000103",
    address1: "8900 W Alameda Ave",
    address2: null,
    city: "Lakewood",
    provinceCode: "CO",
    zip: "80226",
    phone: "303-555-0137",
    homeDeliveryOnly: true,
  },
  {
    groupId: "CLN-1004",
    kind: "clinic",
    name: "Brooklyn Heights Animal Clinic",
    soldTo: "1000104",
    shipTo: "2000104",
    address1: "75 Montague St",
    address2: null,
    city: "Brooklyn",
    provinceCode: "NY",
    zip: "11201",
    phone: "718-555-0148",
    homeDeliveryOnly: false,
  },
  {
    groupId: "CLN-1005",
    kind: "clinic",
    name: "Lakeshore Pet Hospital",
    soldTo: "1000105",
    shipTo: "2000105",
    address1: "2300 N Clark St",
    address2: null,
    city: "Chicago",
    provinceCode: "IL",
    zip: "60614",
    phone: "312-555-0159",
    homeDeliveryOnly: true,
  },
  {
    groupId: "CLN-1006",
    kind: "clinic",
    name: "Bay Area Veterinary Specialists",
    soldTo: "1000106",
    shipTo: "2000106",
    address1: "4100 Piedmont Ave",
    address2: "Building B",
    city: "Oakland",
    provinceCode: "CA",
    zip: "94611",
    phone: "510-555-0163",
    homeDeliveryOnly: false,
  },
  {
    groupId: "SCH-2001",
    kind: "school",
    name: "Rocky Mountain College of Veterinary Medicine",
    soldTo: "1000201",
    shipTo: "2000201",
    address1: "300 W Drake Rd",
    address2: null,
    city: "Fort Collins",
    provinceCode: "CO",
    zip: "80523",
    phone: "970-555-0171",
    homeDeliveryOnly: false,
  },
  {
    groupId: "SCH-2002",
    kind: "school",
    name: "Gulf Coast Veterinary Technician School",
    soldTo: "1000202",
    shipTo: "2000202",
    address1: "1200 Bay Area Blvd",
    address2: null,
    city: "Houston",
    provinceCode: "TX",
    zip: "77058",
    phone: "281-555-0182",
    homeDeliveryOnly: true,
  },
];

/** Demo sign-ins (also in the README). Passwords are for local demos only. */
export const DEMO_ACCOUNTS = {
  home: {
    email: "shopper@example.com",
    password: "Shopper-demo-2026",
    firstName: "Alex",
    lastName: "Morgan",
    phone: "303-555-0199",
    address: {
      address1: "15200 E 6th Ave",
      address2: "Apt 4",
      city: "Aurora",
      province: "Colorado",
      provinceCode: "CO",
      zip: "80011",
    },
  },
  staff: {
    email: "staff@example.com",
    password: "Staff-demo-2026",
    firstName: "Jamie",
    lastName: "Lee",
    phone: "303-555-0188",
    roleCode: "VT",
    graduationYear: 2016,
    accountGroup: "ZPRO",
    clinicGroupId: "CLN-1001",
  },
} as const;
