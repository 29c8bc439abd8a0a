import { describe, expect, it } from "vitest";
import { PAGE_TITLES, routeTitle } from "./page-titles";
import { pageTitle } from "./site";

describe("titles per site (catalogue spec section 2, 'Page titles and descriptions')", () => {
  it("gives the consumer-mode table's titles on DTC", () => {
    expect(routeTitle("DTC", "/shelter/register")).toBe("Create Account");
    expect(routeTitle("DTC", "/shelter/login")).toBe("Log In");
    expect(routeTitle("DTC", "/account/dashboard")).toBe("My Account");
    expect(routeTitle("DTC", "/account/orders")).toBe("My Orders");
    expect(routeTitle("DTC", "/account/my-profile")).toBe("My Profile");
    expect(routeTitle("DTC", "/account/address-book")).toBe("Address Book");
    expect(routeTitle("DTC", "/account/autoships")).toBe("My Subscriptions");
    expect(routeTitle("DTC", "/contact-us")).toBe("Contact Us");
    expect(routeTitle("DTC", "/products")).toBe("Shop All Pet Food");
  });

  it("gives the staff-feeding-mode table's titles on HPSF", () => {
    expect(routeTitle("HPSF", "/terms-and-conditions")).toBe("Terms & Conditions");
    expect(routeTitle("HPSF", "/account/dashboard")).toBe("My Account");
    expect(routeTitle("HPSF", "/account/orders")).toBe("My Orders");
    expect(routeTitle("HPSF", "/account/my-profile")).toBe("My Profile");
    expect(routeTitle("HPSF", "/account/address-book")).toBe("Address Book");
    expect(routeTitle("HPSF", "/account/autoships")).toBe("My Autoships");
    expect(routeTitle("HPSF", "/shipping")).toBe("Shipping");
    expect(routeTitle("HPSF", "/contact-us")).toBe("Contact Us");
    expect(routeTitle("HPSF", "/products")).toBe("Shop All Pet Food");
  });

  it("differs between the sites only for /account/autoships", () => {
    const differing = Object.entries(PAGE_TITLES).filter(([, titles]) => titles.DTC !== titles.HPSF);
    expect(differing.map(([route]) => route)).toEqual(["/account/autoships"]);
  });

  it("appends each site's suffix (catalogue spec section 2, 'site title template')", () => {
    expect(pageTitle("DTC", routeTitle("DTC", "/account/autoships"))).toBe(
      "My Subscriptions | Shop Hollowbrook Pet Nutrition",
    );
    expect(pageTitle("HPSF", routeTitle("HPSF", "/account/autoships"))).toBe("My Autoships | Pro Staff Feeding");
    expect(pageTitle("HPSF", routeTitle("HPSF", "/products"))).toBe("Shop All Pet Food | Pro Staff Feeding");
    expect(pageTitle("DTC")).toBe("Shop Hollowbrook Pet Nutrition");
  });
});
